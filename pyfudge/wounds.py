"""Wound levels, wound tracks and healing (F95 4.51, 4.57, 4.8; MUD 4.51, 4.57, 4.8; CO 3).

Wound levels are integers, so damage and combat can compare and cap them.
"""

from __future__ import annotations

# F95 4.51: the wound levels, lightest first. Penalties: Hurt −1, Very Hurt −2.
UNDAMAGED, SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH, DEAD = range(7)
LEVEL_NAMES = ("Undamaged", "Scratch", "Hurt", "Very Hurt", "Incapacitated", "Near Death", "Dead")
