"""Hit location (F95 4.35, MUD 4.35). Rule M-LOCATION.

An attacker announces the body part he aims at before rolling. How the shot resolves depends on
the option ``location.system``:

- ``"gm_minimum"`` (F95 4.35): the GM names the minimum relative degree (usually 2 to 4). Winning
  by that much hits the part; winning by less hits where the *defender* says. A part is then
  Scratched (no effect), Hurt (−1 to its use) or Incapacitated.
- ``"table"`` (MUD 4.35): each location has a minimum rolled degree and a minimum relative
  degree (table option ``location.table``). Meeting both hits the part: by exactly the relative
  degree it is Wounded, by more Very Wounded, with the table's effects (a Willpower/Constitution
  check — the lower of the two — against a level, a penalty, a wound to the character).
  Missing either minimum by 1 still hits, elsewhere (GM's call, usually the torso); by more,
  a clean miss.
- ``"aimed_only"`` (F93): no called-shot system. The aimed blow of F95 4.31 / F93 4.62 (a
  minimum result of Good or Great, −1 to skill; short of it the blow lands elsewhere) is a melee
  modifier the attack pipeline applies from the declaration (``aim`` + ``aim_minimum``) under
  ``aimed_only`` and ``gm_minimum``; under MUD's table the table's minimums replace it, no −1
  (MUD 4.31 item 5).

The attack pipeline (:mod:`pyfudge.combat.attack`) calls :func:`resolve_called_shot` for a
declared ``aim`` under ``table``, and under ``gm_minimum`` when the GM's ``aim_relative`` is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.errors import OptionError, RequestError, RuleError
from ..core.explain import Step
from ..core.options import Option, need_dict, need_int, need_list, need_text, same
from ..rules.actions import Modifier
from ..rules.wounds import HURT, INCAPACITATED, LEVEL_NAMES, NEAR_DEATH, UNDAMAGED, VERY_HURT
from .reading import need_name, reject_unknown

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet

__all__ = [
    "OPTIONS", "MUD_TABLE", "PART_STATES", "CalledShot", "LocationOutcome", "CheckOutcome",
    "resolve_called_shot", "suggest_part_states", "part_modifier", "location_check", "find_location",
    "called_shots", "part_names", "check_result", "location_check_input",
]

GROUP = "Melee"

# F95 4.35: "Scratched (no real game effect), Hurt (a penalty to use ...), and Incapacitated".
PART_STATES = ("Unhurt", "Scratched", "Hurt", "Incapacitated")
# MUD 4.35: "A specific body part can be Unhurt (no game effect), Wounded or Very Wounded".
MUD_STATES = ("Unhurt", "Wounded", "Very Wounded")


def _effect(check: int, penalty: int = 0, on_fail: str = "", wound: int = UNDAMAGED,
            wound_on_fail: int = UNDAMAGED) -> dict[str, Any]:
    return {"check": check, "penalty": penalty, "on_fail": on_fail, "wound": wound,
            "wound_on_fail": wound_on_fail}


def _row(name: str, rolled: int, relative: int, wounded: dict, very: dict) -> dict[str, Any]:
    return {"name": name, "min_rolled": rolled, "min_relative": relative,
            "wounded": wounded, "very_wounded": very}


_HEAD_W = _effect(ladder.GOOD, wound=HURT, wound_on_fail=VERY_HURT)
_HEAD_VW = _effect(ladder.GREAT, wound=VERY_HURT, wound_on_fail=INCAPACITATED)
_THROAT_W = _effect(ladder.GOOD, wound=VERY_HURT, wound_on_fail=INCAPACITATED)
_THROAT_VW = _effect(ladder.GREAT, wound=INCAPACITATED, wound_on_fail=NEAR_DEATH)

# MUD 4.35 hit location table: minimum rolled degree, minimum relative degree, and the effects
# of Wounded / Very Wounded. "check" is the Willpower/Constitution level to make (the lower of the
# two attributes rolls); "penalty" is to the location's use "regardless"; "wound" the character's
# wound on a made check, "wound_on_fail" on a failed one.
MUD_TABLE: list[dict[str, Any]] = [
    _row("Arm/Hand", ladder.GOOD, 2,
         _effect(ladder.FAIR, -1, "drops what the hand holds"),
         _effect(ladder.GOOD, -2, "drops what the hand holds")),
    _row("Leg/Foot", ladder.GOOD, 2,
         _effect(ladder.FAIR, -1, "falls down"),
         _effect(ladder.GOOD, -2, "falls down")),
    _row("Groin", ladder.GREAT, 3, _HEAD_W, _HEAD_VW),
    _row("Head", ladder.GREAT, 3, _HEAD_W, _HEAD_VW),
    _row("Throat", ladder.SUPERB, 4, _THROAT_W, _THROAT_VW),
    _row("Eyes", ladder.SUPERB, 4, _THROAT_W, _THROAT_VW),
]


def _check_effect(value: Any, where: str) -> dict:
    out = need_dict(value, where, {
        "check": lambda v, w: need_int(v, w, low=-3, high=8),
        "penalty": lambda v, w: need_int(v, w, low=-5, high=0),
        "on_fail": lambda v, w: v if v == "" else need_text(v, w, max_len=80),
        "wound": lambda v, w: need_int(v, w, low=UNDAMAGED, high=len(LEVEL_NAMES) - 1),
        "wound_on_fail": lambda v, w: need_int(v, w, low=UNDAMAGED, high=len(LEVEL_NAMES) - 1),
    })
    if out["wound_on_fail"] < out["wound"]:
        raise OptionError(f"{where}: failing the check cannot leave a lighter wound than making it.",
                          field=f"{where}.wound_on_fail")
    return out


def _check_table(value: Any, where: str) -> list:
    rows = need_list(value, where, min_len=1, max_len=40)
    out, names = [], set()
    for i, row in enumerate(rows):
        here = f"{where}[{i}]"
        checked = need_dict(row, here, {
            "name": lambda v, w: need_text(v, w, max_len=40),
            "min_rolled": lambda v, w: need_int(v, w, low=-3, high=8),
            "min_relative": lambda v, w: need_int(v, w, low=1, high=10),
            "wounded": _check_effect,
            "very_wounded": _check_effect,
        })
        if checked["name"].lower() in names:
            raise OptionError(f"{here}.name: {checked['name']!r} is listed twice.", field=f"{here}.name")
        names.add(checked["name"].lower())
        out.append(checked)
    return out


OPTIONS: tuple[Option, ...] = (
    Option(
        "location.system", "Called shots", "F95 4.35", "choice",
        {"fudge1995": "gm_minimum", "mudge": "table", "fudge1993": "aimed_only"},
        help="F95: the GM sets a minimum relative degree; short of it the defender names the part. "
             "MUD: a table of minimum rolled and relative degrees with effects. F93 has no hit "
             "location section: only the aimed blow's minimum result (F93 4.62, in the attack).",
        group=GROUP,
        choices=(("gm_minimum", "GM's minimum relative degree (F95 4.35)"),
                 ("table", "hit location table (MUD 4.35)"),
                 ("aimed_only", "aimed blows only (F93 4.62)")),
    ),
    Option(
        "location.table", "Hit location table", "MUD 4.35", "table", same(MUD_TABLE),
        help="Location, minimum rolled degree, minimum relative degree, Wounded and Very Wounded "
             "effects (check level, penalty to use, wound on a made / failed check).",
        group=GROUP, check=_check_table,
    ),
    # MUD 4.35: "these damage effects are only guidelines- the GM and the details of the scene
    # will determine what actually occurs". A GM who takes the table as the rule turns this on.
    Option(
        "location.table_wound", "The location table sets the wound", "MUD 4.35", "bool", same(False),
        help="MUD 4.35 gives its table's effects as guidelines, so a called shot wounds by its damage. "
             "On: a called shot that hits its part gives the character the table's wound instead (Hurt, "
             "Very Hurt…, by the Willpower/Constitution check), and no wound for an arm or a leg.",
        group=GROUP,
    ),
    Option(
        "location.significant", "A \u201csignificant\u201d margin over the minimum", "F95 4.35", "int",
        same(2),
        help="F95 guideline: beating the minimum leaves the part Scratched or Hurt; beating it "
             "significantly, Hurt or Incapacitated. How many levels over count as significant.",
        group=GROUP, low=1, high=6,
    ),
)


# --- input -------------------------------------------------------------------------------------

_SHOT_KEYS = frozenset({"location", "min_relative", "min_rolled"})


@dataclass(frozen=True)
class CalledShot:
    """A body part aimed at before the roll, with the minimums the system in force needs.

    ``gm_minimum`` needs ``min_relative`` (the GM's number); ``table`` looks both minimums up by
    ``location`` (either may be given to override the table).
    """

    location: str
    min_relative: int | None = None
    min_rolled: int | None = None

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "aim") -> CalledShot:
        """Read and validate a called shot."""
        reject_unknown(data, _SHOT_KEYS, field)
        location = need_name(data.get("location"), f"{field}.location", max_len=40)
        rel = data.get("min_relative")
        if rel is not None:
            rel = need_int(rel, f"{field}.min_relative", low=1, high=10)
        rolled = data.get("min_rolled")
        if rolled is not None:
            rolled = ladder.check_level(rolled, field=f"{field}.min_rolled", low=-3, high=8)
        return cls(location, rel, rolled)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape of :meth:`from_dict`."""
        out: dict[str, Any] = {"location": self.location}
        if self.min_relative is not None:
            out["min_relative"] = self.min_relative
        if self.min_rolled is not None:
            out["min_rolled"] = self.min_rolled
        return out


# --- outcomes ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class LocationOutcome:
    """Where a called shot landed.

    ``landed``: ``"aimed"`` (the part aimed at), ``"elsewhere"`` (a hit, not there — ``chooser``
    says who names the spot: ``"defender"`` in F95, ``"gm"`` in MUD), ``"miss"`` (MUD: missed a
    minimum by more than 1) or ``"lost"`` (the attacker did not win the round). ``state`` is the
    part's state when known (MUD: Wounded / Very Wounded), ``suggested`` the F95 guideline's
    choices for the GM, ``effect`` the MUD table's effect of that state.
    """

    location: str
    landed: str
    chooser: str | None
    state: str | None
    suggested: tuple[str, ...]
    effect: dict[str, Any] | None
    steps: tuple[Step, ...]

    @property
    def hit(self) -> bool:
        """The blow lands (on the part or elsewhere)."""
        return self.landed in ("aimed", "elsewhere")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "location": self.location, "landed": self.landed, "hit": self.hit,
            "chooser": self.chooser, "state": self.state, "suggested": list(self.suggested),
            "effect": dict(self.effect) if self.effect else None,
            "steps": [s.to_dict() for s in self.steps],
        }


@dataclass(frozen=True)
class CheckOutcome:
    """A MUD 4.35 Willpower/Constitution check after a location hit and what follows from it."""

    result: int
    difficulty: int
    made: bool
    wound: int
    penalty: Modifier | None
    consequence: str
    steps: tuple[Step, ...]
    faces: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "result": self.result, "difficulty": self.difficulty, "made": self.made,
            "wound": self.wound, "wound_name": LEVEL_NAMES[self.wound],
            "penalty": self.penalty.to_dict() if self.penalty else None,
            "consequence": self.consequence, "steps": [s.to_dict() for s in self.steps],
            "faces": list(self.faces),
        }


# --- rules -------------------------------------------------------------------------------------

def called_shots(rules: RuleSet) -> bool:
    """Do these rules have a called-shot system, with a relative degree needed to hit a part
    (F95 4.35, MUD 4.35)? F93 has only the aimed blow's minimum result (F93 4.62). A declaration's
    ``aim_relative`` is refused, and the encounter's view offers it, by this."""
    return rules["location.system"] != "aimed_only"


def part_names(rules: RuleSet) -> list[str]:
    """The body parts of ``location.table`` (MUD 4.35), which :func:`find_location` reads; where
    the GM names any part (F95 4.31, 4.35) they are the form's suggestions."""
    return [row["name"] for row in rules["location.table"]]


def find_location(name: str, *, rules: RuleSet) -> dict[str, Any]:
    """The row of ``location.table`` for ``name`` (case-insensitive), or a :class:`RuleError`.

    A part of a combined row's name finds it too ("hand" finds "Arm/Hand", as MUD 4.35's Tucker
    slashes at Annie's hand); the whole name wins over a part."""
    wanted = name.strip().lower()
    for row in rules["location.table"]:
        if row["name"].lower() == wanted:
            return row
    for row in rules["location.table"]:
        if wanted in (part.strip() for part in row["name"].lower().split("/")):
            return row
    known = ", ".join(part_names(rules))
    raise RuleError(f"{name!r} is not on the hit location table ({known}).", field="aim.location")


def suggest_part_states(over: int, *, rules: RuleSet) -> tuple[str, ...]:
    """F95 4.35 guideline for a part hit ``over`` levels beyond the minimum relative degree.

    "If the attacker surpasses the relative degree necessary to hit the body part at all, the part
    is Scratched or Hurt ...; if he surpasses it significantly, the part is Hurt or Incapacitated."
    Winning by just the minimum "shouldn't make the victim Incapacitated" (unless of a much larger
    Scale). The GM picks by Strength and weapon.
    """
    return ("Hurt", "Incapacitated") if over >= rules["location.significant"] else ("Scratched", "Hurt")


def part_modifier(part: str, state: str, *, penalty: int | None = None) -> Modifier | None:
    """The modifier to using a damaged body part.

    F95 4.35: "A Hurt body part is generally at -1 to its normal use"; a Scratched part has "no
    real game effect"; an Incapacitated part cannot be used (a :class:`RuleError`). MUD states
    Wounded / Very Wounded carry the table's ``penalty`` (pass it).
    """
    if state in ("Unhurt", "Scratched"):
        return None
    if state == "Hurt":
        return Modifier(f"Hurt {part}", -1, "F95 4.35")
    if state == "Incapacitated":
        raise RuleError(f"The {part} is Incapacitated and cannot be used.", field="part")
    if state in ("Wounded", "Very Wounded"):
        if penalty is None:
            raise RequestError("A MUD location state needs the table's penalty.", field="penalty")
        return Modifier(f"{state} {part}", penalty, "MUD 4.35") if penalty else None
    raise RequestError(f"Unknown body part state {state!r}.", field="state")


def resolve_called_shot(aim: CalledShot, *, relative_degree: int, rolled: int,
                        rules: RuleSet) -> LocationOutcome:
    """Where a called shot lands, given the attacker's relative degree and rolled degree.

    ``relative_degree`` ≤ 0 means he did not win the round. The general minimum to hit
    (F95 4.22) is the melee rules' business; this decides only the part.
    """
    need_int(relative_degree, "relative_degree", low=-40, high=40)
    ladder.check_level(rolled, field="rolled")
    system = rules["location.system"]
    if not called_shots(rules):
        raise RuleError("These rules have no called-shot system: an aimed blow needs only its minimum "
                        "result (F93 4.62 / F95 4.31, declared with the attack).", field="location.system")
    if system == "table":
        find_location(aim.location, rules=rules)  # an unknown part is an error even on a lost round
    steps: list[Step] = []
    section = "MUD 4.35" if system == "table" else "F95 4.35"
    if relative_degree <= 0:
        steps.append(Step(section, f"The attacker did not win the round: no blow to the {aim.location}.", {}))
        return LocationOutcome(aim.location, "lost", None, None, (), None, tuple(steps))
    if system == "gm_minimum":
        return _f95(aim, relative_degree, steps, rules=rules)
    return _mud(aim, relative_degree, rolled, steps, rules=rules)


def _f95(aim: CalledShot, rd: int, steps: list[Step], *, rules: RuleSet) -> LocationOutcome:
    if aim.min_relative is None:
        raise RequestError("The GM sets the relative degree needed to hit this part (usually 2 to 4).",
                           field="aim.min_relative")
    need = aim.min_relative
    if rd < need:
        # F95 4.35: "If the attacker wins the combat round, but not by the minimum relative degree
        # needed to hit the called target, the defender names which part of the body -- or
        # shield! -- is hit."
        steps.append(Step("F95 4.35", f"Won by {rd:+d}, short of the {need:+d} needed for the "
                          f"{aim.location}: the defender names where the blow lands.",
                          {"relative_degree": rd, "needed": need}))
        return LocationOutcome(aim.location, "elsewhere", "defender", None, (), None, tuple(steps))
    suggested = suggest_part_states(rd - need, rules=rules)
    steps.append(Step("F95 4.35", f"Won by {rd:+d} (needed {need:+d}): the {aim.location} is hit. "
                      f"Guideline: {' or '.join(suggested)}, by Strength and weapon.",
                      {"relative_degree": rd, "needed": need, "suggested": list(suggested)}))
    return LocationOutcome(aim.location, "aimed", None, None, suggested, None, tuple(steps))


def _mud(aim: CalledShot, rd: int, rolled: int, steps: list[Step], *, rules: RuleSet) -> LocationOutcome:
    row = find_location(aim.location, rules=rules)
    need_rel = aim.min_relative if aim.min_relative is not None else row["min_relative"]
    need_rolled = aim.min_rolled if aim.min_rolled is not None else row["min_rolled"]
    short = max(need_rel - rd, need_rolled - rolled, 0)
    data = {"relative_degree": rd, "rolled": rolled, "min_relative": need_rel, "min_rolled": need_rolled}
    if short == 1:
        # MUD 4.35: "misses the minimum relative degree or rolled degree by 1, the attack still
        # hits but not in the location intended (GM determines where ..., usually the torso)".
        steps.append(Step("MUD 4.35", f"One short of what the {row['name']} needs: the blow lands "
                          "elsewhere (the GM says where, usually the torso).", data))
        return LocationOutcome(row["name"], "elsewhere", "gm", None, (), None, tuple(steps))
    if short > 1:
        steps.append(Step("MUD 4.35", f"{short} short of what the {row['name']} needs: the attack "
                          "misses completely.", data))
        return LocationOutcome(row["name"], "miss", None, None, (), None, tuple(steps))
    # MUD 4.35: "wins ... by the exact relative degree needed makes the location Wounded; ... by
    # more than the minimum relative degree needed makes the location Very Wounded."
    state = "Wounded" if rd == need_rel else "Very Wounded"
    effect = row["wounded"] if rd == need_rel else row["very_wounded"]
    steps.append(Step("MUD 4.35", f"{ladder.name(rolled)} and {rd:+d} meet the {ladder.name(need_rolled)} "
                      f"and {need_rel:+d} needed: the {row['name']} is {state}.", {**data, "state": state}))
    return LocationOutcome(row["name"], "aimed", None, state, (), dict(effect), tuple(steps))


def location_check_input(rules: RuleSet) -> str | None:
    """What a defender's Willpower/Constitution check after a MUD 4.35 location hit is under these
    rules: None (no hit location table), ``"optional"`` (the table's effects are guidance, the
    blow's damage stands) or ``"required"`` (``location.table_wound``: the table sets the wound,
    so a hit on the part needs the check's result). The encounter's view offers it by this."""
    if rules["location.system"] != "table":
        return None
    return "required" if rules["location.table_wound"] else "optional"


def location_check(outcome: LocationOutcome, *, willpower: int, constitution: int, roll: int,
                   faces: tuple[int, ...] = ()) -> CheckOutcome:
    """The MUD 4.35 Willpower/Constitution check after a location is Wounded or Very Wounded.

    "For Willpower/Constitution checks, use the lower of the two attributes". A made check leaves
    the table's ``wound``; a failed one its ``wound_on_fail`` and ``on_fail`` (drops the item,
    falls down). The location's penalty applies "regardless". :func:`check_result` with the result.
    """
    _needs_check(outcome)
    ladder.check_trait(willpower, field="willpower")
    ladder.check_trait(constitution, field="constitution")
    need_int(roll, "roll", low=-4, high=4)
    return check_result(outcome, min(willpower, constitution) + roll, faces=faces)


def _needs_check(outcome: LocationOutcome) -> tuple[dict[str, Any], str]:
    """The table's effect and the part's state of a hit that calls for a check."""
    if outcome.effect is None or outcome.state is None:
        raise RuleError("Only a MUD location hit (Wounded or Very Wounded) calls for a check.",
                        field="outcome")
    return outcome.effect, outcome.state


def check_result(outcome: LocationOutcome, result: int, *, faces: tuple[int, ...] = ()) -> CheckOutcome:
    """The MUD 4.35 check of :func:`location_check` from its rolled ``result`` (the lower of
    Willpower and Constitution, plus the dice): what a defender declares in an exchange."""
    effect, state = _needs_check(outcome)
    result = ladder.check_level(result, field="result")
    made = result >= effect["check"]
    wound = effect["wound"] if made else effect["wound_on_fail"]
    consequence = "" if made else effect["on_fail"]
    penalty = part_modifier(outcome.location, state, penalty=effect["penalty"])
    text = (f"Willpower/Constitution check: {ladder.name(result)} against {ladder.name(effect['check'])}"
            f" — {'made' if made else 'failed'}"
            + (f"; {consequence}" if consequence else "")
            + (f"; the character is {LEVEL_NAMES[wound]}" if wound else "")
            + (f"; {penalty.amount:+d} to use the {outcome.location}" if penalty else "") + ".")
    step = Step("MUD 4.35", text, {"result": result, "difficulty": effect["check"], "made": made,
                                   "wound": wound})
    return CheckOutcome(result, effect["check"], made, wound, penalty, consequence, (step,), tuple(faces))
