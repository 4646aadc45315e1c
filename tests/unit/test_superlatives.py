"""``ungrounded_rank`` for a superlative the evidence gives only after an ordinal ("the
largest lake" against "only the seventh-largest lake")."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

BAIKAL = ("Lake Baikal, in southern Siberia, is the deepest lake in the world, reaching 1,642 "
          "metres. By surface area, however, it is only the seventh-largest lake.")
DANUBE = "The Danube is Europe's second-longest river, at about 2,850 km."


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Lake Baikal is also the largest lake in the world by surface area.", BAIKAL),
    ("The Danube is the longest river in Europe.", DANUBE),
    ("The Danube is Europe's longest river.", DANUBE),
    # another river's "the longest" ranks the Volga first, not the Danube
    ("The Danube is the longest river in Europe.",
     DANUBE + " The Volga is the longest river in Europe."),
    ("The Danube is the longest river in Europe.",
     "The Volga is the longest river in Europe. " + DANUBE),
])
def test_first_where_the_evidence_ranks_lower(claim: str, evidence: str) -> None:
    found = check_claim(claim, [evidence])
    ranks = [f for f in found if f.code == "ungrounded_rank"]
    assert ranks and ranks[0].kind == "ungrounded", found


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Lake Baikal is the deepest lake in the world.", BAIKAL),
    ("Lake Baikal is the seventh-largest lake by surface area.", BAIKAL),
    ("Lake Baikal is one of the largest lakes.", BAIKAL),
    ("The Danube is the second longest river in Europe.", DANUBE),
    # the evidence ranks something first as well: the sentence check's to compare
    ("The Volga is the longest river in Europe.",
     "The Volga is the longest river in Europe. The Danube is the second-longest."),
    # the sentence without an ordinal names the claim's subject, or may (a pronoun)
    ("The Danube is the longest river in the European Union.",
     DANUBE + " The Danube is the longest river in the European Union."),
    ("The Danube is the longest river in the European Union.",
     DANUBE + " It is the longest river in the European Union."),
])
def test_no_rank_finding(claim: str, evidence: str) -> None:
    assert "ungrounded_rank" not in codes(claim, evidence)
