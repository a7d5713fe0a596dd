"""The encounter: a ruleset, fighters and an append-only event log (state = replay), its events, its
views for the screens, what players see, and the bestiary.
"""
