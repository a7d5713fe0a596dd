"""The rules of a single roll and a single fighter: actions, the NPC shortcut, story elements, gear and
damage factors, damage, wound tracks and wounds, healing. Imports only core.
"""
