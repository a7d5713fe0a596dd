"""pyfudge: the Fudge RPG's combat, wound and healing rules as pure, deterministic Python.

Dice are inputs: rule functions take faces, only the edge rolls. Every outcome explains itself
with steps citing the rulebook section. ``pyfudge.api.handle`` is the one JSON door.
"""

__version__ = "0.1.0"
