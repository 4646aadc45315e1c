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
    # "in" on one side turns the order round: the same order is the swap
    ("Zodiac starred in Jake Gyllenhaal.", "Zodiac is starring Jake Gyllenhaal."),
    ("Jake Gyllenhaal stars Zodiac.", "Jake Gyllenhaal starred in Zodiac."),
    # the second and third names of three
    ("Judge Miriam Osei ordered Tallis Software to pay Greenway Data $3.2 million.",
     "Judge Miriam Osei ordered Greenway Data to pay Tallis Software $3.2 million in "
     "damages."),
    # names the evidence writes shorter: the rest of a name is no relation word
    ("Judge Miriam Osei ordered Tallis Software to pay Greenway Data $3.2 million.",
     "Judge Miriam Osei ordered Greenway to pay Tallis $3.2 million in damages."),
    # a participle clause relates the sentence's subject to the second name
    ("Lucas Ferro won the final, beating Kaito Rennard 6-4, 7-5.",
     "Kaito Rennard beat Lucas Ferro in the final of the 2021 Alder Open, winning 6-4, 7-5."),
    # a duty: the modal is the verb between the parties
    ("The Supplier must notify the Customer of any claim within six months.",
     "The Customer must notify the Supplier of any claim within six months of becoming "
     "aware of it."),
])
def test_a_role_swap_is_caught(claim: str, evidence: str) -> None:
    assert "role_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Acme acquired Globex in 2019.", "Acme acquired Globex in 2019."),
    ("Judge Miriam Osei ordered Greenway Data to pay Tallis Software $3.2 million.",
     "Judge Miriam Osei ordered Greenway Data to pay Tallis Software $3.2 million in "
     "damages."),
    ("Judge Miriam Osei ordered Greenway Data to pay Tallis Software $3.2 million.",
     "Judge Miriam Osei ordered Greenway to pay Tallis $3.2 million in damages."),
    ("The Customer shall notify the Supplier of claims.",
     "The Customer must notify the Supplier of any claim within six months."),
    # the voice turns the names round and keeps the roles
    ("Acme acquired Globex in 2019.", "Globex was acquired by Acme in 2019."),
    ("Globex was acquired by Acme.", "Acme acquired Globex in 2019."),
    ("Jones succeeded Smith.", "Smith was succeeded by Jones."),
    ("Andy Murray appointed Amelie Mauresmo as his coach.",
     "Amelie Mauresmo was appointed as Andy Murray's coach last summer."),
    # the participle in the evidence's order, or one the evidence does not relate them by
    ("Kaito Rennard won the final, beating Lucas Ferro 6-4, 7-5.",
     "Kaito Rennard beat Lucas Ferro in the final of the 2021 Alder Open, winning 6-4, 7-5."),
    ("Lucas Ferro lost the final, facing Kaito Rennard.",
     "Kaito Rennard beat Lucas Ferro in the final of the 2021 Alder Open."),
    # relations that read the same both ways
    ("Smith met Jones in Paris.", "Jones met Smith in Paris."),
    # "X starred in Y" is what "Y is starring X" says
    ("Jake Gyllenhaal also starred in Zodiac.", "Zodiac is starring Jake Gyllenhaal."),
    ("Zodiac stars Jake Gyllenhaal.", "Jake Gyllenhaal starred in Zodiac."),
    # another preposition on one side is another relation
    ("Smith works for Jones.", "Jones works Smith hard."),
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


# subject_swap: the same statement of another subject, the claim's subject borrowed from
# another sentence of the evidence

EXPENSES = ("Managers approve expense claims within 5 working days. The finance team pays "
            "approved claims on the 15th of each month.")
SIDE_EFFECTS = ("Common side effects include nausea and diarrhoea. Rash occurs in about 3 "
                "percent of patients.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Managers pay approved claims on the 15th of each month.", EXPENSES),
    ("Nausea occurs in about 3 percent of patients.", SIDE_EFFECTS),
    ("Nurses give the first dose in the clinic.",
     "Nurses check the patient's weight. Doctors give the first dose in the clinic."),
    # the verb an auxiliary both sentences share
    ("Tenants are responsible for keeping the premises in reasonable repair.",
     "Landlords are responsible for keeping the premises in reasonable repair. Tenants must "
     "notify the landlord of any damage."),
])
def test_a_statement_given_another_sentences_subject_is_caught(claim: str,
                                                               evidence: str) -> None:
    assert "subject_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    # the statement of its own subject, as the evidence has it
    ("The finance team pays approved claims on the 15th of each month.", EXPENSES),
    ("Rash occurs in about 3 percent of patients.", SIDE_EFFECTS),
    ("Landlords are responsible for keeping the premises in reasonable repair.",
     "Landlords are responsible for keeping the premises in reasonable repair. Tenants must "
     "notify the landlord of any damage."),
    # an epithet may name the claim's subject before a shared auxiliary
    ("Stevens is preparing to race in the Bahrain Grand Prix on Sunday.",
     "Will Stevens has followed the lead of his team. The Manor driver is preparing to race "
     "in the Bahrain Grand Prix on Sunday."),
    # an anaphor may name the claim's subject: "The firm" is Acme
    ("Acme employs 300 people.", "Acme is a company based in Leeds. The firm employs 300 "
     "people."),
    ("The drug reduces pain and fever.",
     "Ibuprofen is a drug sold without a prescription. Ibuprofen reduces pain and fever."),
    # the rest of a name, not another subject
    ("Mr Miliband made his first appearance on the campaign trail.",
     "Mr Miliband took the weekend off. Ed Miliband made his first appearance on the "
     "campaign trail."),
    # the evidence says more of its subject than the claim: not the same statement
    ("Abdul-Jabbar was diagnosed with leukemia in 2008.",
     "Kareem Abdul-Jabbar had heart surgery. He also beat leukemia after being diagnosed in "
     "2008."),
    # a claim subject the evidence names nowhere else is the entity check's and the model's
    ("Contractors pay approved claims on the 15th of each month.", EXPENSES),
])
def test_no_subject_swap(claim: str, evidence: str) -> None:
    assert "subject_swap" not in codes(claim, evidence)
