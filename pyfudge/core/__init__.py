"""The foundations: errors, input checks, explanations, the trait ladder, dice, options as data and the
ruleset as a value. Imports nothing else of pyfudge.
"""
