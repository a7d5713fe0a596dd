"""Combat: fighters, melee, stances, several foes, hit location, ranged fire, shields."""
