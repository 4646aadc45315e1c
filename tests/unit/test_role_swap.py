"""Role swaps (checks v3, ``role_swap``): two names the evidence relates the other way
round. A relation that reads the same both ways, a change of voice that keeps the roles,
a title between the names and a question read with its answer are no swap."""

from __future__ import annotations

import pytest

from .paraphrase_support import codes


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Acme acquired Globex in 2019.", "Globex acquired Acme in 2019."),
    ("In 2019 Acme acquired Globex.", "In 2019 Globex acquired Acme."),
    ("Chelsea beat Arsenal 2-1.", "Arsenal beat Chelsea 2-1 on Sunday."),
    ("Apple sued Samsung over patents.", "Samsung sued Apple over patents in 2011."),
    ("Tom Becker reports to Anna Berg.", "Anna Berg reports to Tom Becker, the board said."),
    ("Theodore Beza was a student of Jacobus Arminius.",
     "Jacobus Arminius was a student of Theodore Beza at Geneva."),
    ("Jones replaced Smith as manager.", "Smith replaced Jones as manager in May."),
    # the voice turned, the names kept in place: the roles are swapped
    ("Globex was acquired by Acme.", "Globex acquired Acme in 2019."),
    ("Acme acquired Globex.", "Acme was acquired by Globex in 2019."),
    ("Jones succeeded Smith.", "Jones was succeeded by Smith."),
])
def test_a_role_swap_is_caught(claim: str, evidence: str) -> None:
    assert "role_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Acme acquired Globex in 2019.", "Acme acquired Globex in 2019."),
    # the voice turns the names round and keeps the roles
    ("Acme acquired Globex in 2019.", "Globex was acquired by Acme in 2019."),
    ("Globex was acquired by Acme.", "Acme acquired Globex in 2019."),
    ("Jones succeeded Smith.", "Smith was succeeded by Jones."),
    ("Andy Murray appointed Amelie Mauresmo as his coach.",
     "Amelie Mauresmo was appointed as Andy Murray's coach last summer."),
    # relations that read the same both ways
    ("Smith met Jones in Paris.", "Jones met Smith in Paris."),
    ("Acme and Globex merged.", "Globex and Acme merged."),
    # a title, an apposition or a clause between the names is no relation of theirs
    ("WADA director general David Howman said he was disappointed.",
     "David Howman, director general of WADA, said he is disappointed."),
    ("Jason Wilcox is manager of the City youth team.",
     "Manchester City Under 18s manager Jason Wilcox wants to deliver local players."),
    ("Carver admitted that Newcastle's performance was poor.",
     "Head coach John Carver admitted he was embarrassed by Newcastle's capitulation."),
    # the same order, both passive ("infuriated by" for "infuriated that")
    ("Liverpool are infuriated that Sterling gave an interview.",
     "Liverpool are infuriated by Sterling's decision to give the interview."),
    # a headline drops "was"
    ("Abdel-Kader Russell-Boumzar granted bail in Brisbane court on Thursday.",
     "Abdel-Kader Russell-Boumzar was granted bail in Brisbane's Magistrate Court on "
     "Thursday."),
    # a question read with its answer asks its order, it does not state it
    ("Which film written by Chris Coghill starred Jack O'Connell? Weekender",
     "Weekender is a film written by Chris Coghill and starring Jack O'Connell."),
])
def test_no_role_swap(claim: str, evidence: str) -> None:
    assert "role_swap" not in codes(claim, evidence)
