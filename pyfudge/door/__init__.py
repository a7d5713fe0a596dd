"""The JSON door's actions by role (rules, encounters, analysis, forms), what every action reads from
its args, the codec of saved data, files and share links, and the GM's library in them.
"""
