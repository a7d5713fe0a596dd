"""Analysis: what the rules give before the dice fall. Exact odds of an exchange, a group round
and ranged fire, the fight forecast, and the odds of an encounter's draft event. It imports the
rules (``pyfudge.combat``, ``wounds``, ``dice``…) and runs their pipeline; no rule imports it."""
