"""Binding against rivals: a name, a span of time or a model name that another sentence
or a longer name gives to something else binds nothing (``unbound_anchors``)."""

from __future__ import annotations

import pytest

from certirag.bound import binding_finding

TRIBUNALS = ("Tenancy rules. Disputes go to the Housing Tribunal in Leeds. Appeals go to the "
             "Upper Tribunal in London.")


@pytest.mark.parametrize("claim", [
    "Disputes go to the Housing Tribunal in London.",  # the place of another tribunal
    "Appeals go to the Upper Tribunal in Leeds.",
])
def test_an_institution_is_no_surname(claim: str) -> None:
    # "Tribunal" stands for "the Housing Tribunal" no more than for "the Upper Tribunal"
    finding = binding_finding(claim, [TRIBUNALS])
    assert finding is not None and finding.code == "unbound_anchors", claim


def test_a_surname_still_stands_for_its_person() -> None:
    text = "Jonas Berg is the finance chief. Berg will lead the bank from June."
    assert binding_finding("Jonas Berg will lead the bank from June.", [text]) is None


CLINIC = ("Ana Silva was born in Porto in 1971. Ana moved to London in 1999, where she worked "
          "at a hospital. In 2010 she founded a clinic in Manchester. The clinic treated "
          "12,000 patients in 2019.")


def test_a_pronoun_inherits_no_name_its_sentence_replaces() -> None:
    # "she" brings Ana, not London: the sentence names its own place for the clinic
    finding = binding_finding("Ana Silva founded a clinic in London in 2010.", [CLINIC])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding("Ana Silva founded a clinic in Manchester in 2010.", [CLINIC]) is None


NOTICE = ("Employee handbook. The probation period lasts six months. During probation, the "
          "notice period is one week. After probation, the notice period is one month. Sick "
          "pay is paid for up to 10 days per year.")


def test_a_span_of_weeks_rivals_a_span_of_months() -> None:
    finding = binding_finding("After probation, the notice period is one week.", [NOTICE])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding("After probation, the notice period is one month.", [NOTICE]) is None
    assert binding_finding("During probation, the notice period is one week.", [NOTICE]) is None


PHONES = ["Product sheet: the Aurora 5 phone has a 6.1-inch screen. It costs 699 dollars.",
          "Product sheet: the Aurora 5 Pro has a 6.7-inch screen. It costs 999 dollars."]


def test_a_value_stated_only_of_a_longer_name_binds_nothing() -> None:
    # "the Aurora 5 Pro" is another model than "the Aurora 5"
    finding = binding_finding("The Aurora 5 costs 999 dollars.", PHONES)
    assert finding is not None and finding.code == "unbound_anchors"
    assert "Aurora 5 Pro" in finding.message
    assert binding_finding("The Aurora 5 costs 699 dollars.", PHONES) is None
    assert binding_finding("The Aurora 5 Pro has a 6.7-inch screen.", PHONES) is None
    # a title or a person after a name is no other thing
    assert binding_finding("The White House said it on Monday.",
                           ["White House Press Secretary Josh Earnest said it on Monday."]) is None


COMMITTEES = ("The council will spend 14 million pounds on roads. Councillor Priya Shah leads "
              "the transport committee. Councillor Mark Doyle chairs the education committee.")


def test_a_person_borrowed_for_a_role_another_titled_person_holds_binds_nothing() -> None:
    claim = "Councillor Priya Shah chairs the education committee."
    finding = binding_finding(claim, [COMMITTEES])
    assert finding is not None and finding.code == "unbound_anchors"


@pytest.mark.parametrize(("claim", "text"), [
    # an alias of the same person, in a news report
    ("She was joined by her husband the Duke of Edinburgh at the London event.",
     "The Queen attended the event in London. The Duke of Edinburgh arrived later. She was "
     "joined by her husband Prince Philip at the London event."),
    # a court in the place of the name
    ("Adam Leheup was found not guilty of rape by the jury.",
     "Adam Leheup, 29, denied the charges. He was found not guilty of rape by the jury at "
     "Blackfriars Crown Court."),
])
def test_an_alias_or_a_place_is_no_rival_person(claim: str, text: str) -> None:
    finding = binding_finding(claim, [text])
    assert finding is None or finding.code != "unbound_anchors", finding


# Knowledge-graph facts, one per sentence, as a dialogue's knowledge gives them.
FILMS = ("Iron Man is starring Robert Downey Jr.\n\nRobert Downey Jr. starred in Zodiac (Crime "
         "Fiction Film).\n\nZodiac (Crime Fiction Film) is starring Jake Gyllenhaal")


@pytest.mark.parametrize("knowledge", [FILMS, FILMS.replace(" (Crime Fiction Film)", "")])
def test_a_parallel_fact_gives_its_own_name_as_the_rival(knowledge: str) -> None:
    # the same predicate puts Jake Gyllenhaal in Zodiac and Robert Downey Jr. in Iron Man
    finding = binding_finding("Robert Downey Jr. was in Iron Man with Jake Gyllenhaal.",
                              [knowledge])
    assert finding is not None and finding.code == "unbound_anchors"
    assert "Zodiac" in finding.message
    # the chain through Zodiac binds the faithful synthesis
    assert binding_finding("Robert Downey Jr. was in Zodiac with Jake Gyllenhaal.",
                           [knowledge]) is None


def test_a_bracketed_name_tells_its_name_apart_and_is_no_rival() -> None:
    # "(Crime Fiction Film)" says which Zodiac; it is not another name beside Jake
    assert binding_finding("Robert Downey Jr. starred in Zodiac with Jake Gyllenhaal.",
                           [FILMS]) is None


def test_parallel_facts_of_prose() -> None:
    text = "Anna Smith joined Acme in 2010. Later that year Tom Jones joined Globex."
    finding = binding_finding("Anna Smith joined Globex.", [text])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding("Anna Smith joined Acme.", [text]) is None


def test_a_question_in_the_evidence_binds_nothing() -> None:
    # the chat's history asks about Iron Man; it states nothing of it
    history = "[Human]: Do you like Iron Man? [Assistant]: Sure! [Human]: What else was he in?"
    finding = binding_finding("He was in Iron Man with Jake Gyllenhaal.", [FILMS, history])
    assert finding is not None and finding.code == "unbound_anchors"
    assert "Zodiac" in finding.message


def test_a_parallel_fact_names_its_work_behind_the() -> None:
    facts = "The Silent Tide is written by Hana Lind. The Last Frontier is written by Priya Reyes."
    finding = binding_finding("The Silent Tide is by Priya Reyes.", [facts])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding("The Silent Tide is by Hana Lind.", [facts]) is None


GENRES = "The Broken Meridian has genre drama. The Quiet Harbor has genre horror."
STORES = ("Quarterly update. The Leeds store had a strong quarter. The Bristol store had a "
          "weak quarter. Both stores hired new staff.")


@pytest.mark.parametrize(("claim", "evidence", "rival"), [
    ("The Broken Meridian is horror.", GENRES, "'drama'"),
    ("The Broken Meridian is a horror film.", GENRES, "'drama'"),
    ("The Leeds store had a weak quarter.", STORES, "'strong'"),
    # a value of two words, the shared last word ("fiction") is the predicate's
    ("Zodiac is a science fiction film.",
     "Zodiac has genre crime fiction. Inception has genre science fiction.", "'crime'"),
])
def test_a_lower_case_value_of_a_parallel_fact_binds_nothing(claim: str, evidence: str,
                                                              rival: str) -> None:
    finding = binding_finding(claim, [evidence])
    assert finding is not None and finding.code == "unbound_anchors", claim
    assert rival in finding.message


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The Broken Meridian is a drama.", GENRES),  # its own value
    ("The Quiet Harbor is horror.", GENRES),
    # the name has both values
    ("The Broken Meridian is horror.",
     GENRES + " The Broken Meridian has genre horror."),
    # the claim names the other fact's subject too: it may give each its value
    ("The Leeds store had a strong quarter and the Bristol store a weak one.", STORES),
    # a denial borrows nothing: the negation check and the model decide it
    ("The Leeds store did not have a weak quarter.", STORES),
])
def test_a_parallel_fact_is_no_rival_where_the_claim_keeps_the_values_apart(
        claim: str, evidence: str) -> None:
    finding = binding_finding(claim, [evidence])
    assert finding is None or "gives another name" not in finding.message, claim


SISTERS = ("Priya Keane plays for Ashford Mariners. Mara Keane plays for Riverton Comets. "
           "Riverton Comets has player Owen Sato.")


def test_a_surname_does_not_stand_for_a_person_where_another_of_that_surname_is_named(
) -> None:
    finding = binding_finding("Mara Keane is on Ashford Mariners.", [SISTERS])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding("Mara Keane is on Riverton Comets.", [SISTERS]) is None
    # the surname alone still names the one person of that surname
    text = "Mara Keane joined in May. Keane plays for Riverton Comets. Priya Keane coaches."
    assert binding_finding("Mara Keane plays for Riverton Comets.", [text]) is None


BURTON = ("Edward Scissorhands is written by Tim Burton. Tim Burton directed Big Fish. Big "
          "Fish is starring Ewan McGregor.")


def test_a_relation_of_another_fact_of_the_subject_binds_nothing() -> None:
    finding = binding_finding("Tim Burton directed Edward Scissorhands.", [BURTON])
    assert finding is not None and finding.code == "unbound_anchors"
    assert "'Big Fish'" in finding.message
    assert binding_finding("Tim Burton directed Big Fish.", [BURTON]) is None
    # the relation stated of the object in another form: no rival
    both = BURTON + " Edward Scissorhands, which he also directed, came out in 1990."
    assert binding_finding("Tim Burton directed Edward Scissorhands.", [both]) is None


CHAIN = ("Big Fish is directed by Tim Burton.\n\nBig Fish is starring Ewan McGregor.\n\n"
         "Tim Burton directed Edward Scissorhands")


def test_two_facts_that_share_no_name_relate_nothing_across_them() -> None:
    # Ewan McGregor is named with Big Fish, Edward Scissorhands with Tim Burton: nothing
    # puts him in Edward Scissorhands
    finding = binding_finding("Ewan McGregor is in Edward Scissorhands.", [CHAIN])
    assert finding is not None and finding.code == "unbound_anchors"
    assert "Big Fish" in finding.message
    # facts that share a name are a chain, and a fact states its own names together
    assert binding_finding("Ewan McGregor is in Big Fish.", [CHAIN]) is None
    assert binding_finding("Ewan McGregor starred in a film by Tim Burton.", [CHAIN]) is None


def test_a_fact_and_a_chat_turn_that_share_no_name_relate_nothing_across_them() -> None:
    knowledge = ("Inception is directed by Christopher Nolan.\n\nChristopher Nolan directed "
                 "Interstellar.\n\nInterstellar is starring Matthew McConaughey")
    history = ("[Human]: I watched Inception last night. [Assistant]: Did you enjoy it? "
               "[Human]: Loved it. Who directed it?")
    finding = binding_finding("Matthew McConaughey starred in Inception too.",
                              [knowledge, history])
    assert finding is not None and finding.code == "unbound_anchors"
    assert "Interstellar" in finding.message
    assert binding_finding("Matthew McConaughey starred in Interstellar.",
                           [knowledge, history]) is None


FAQ = ("Clinic FAQ. Blood test results usually arrive within 3 working days. Doctor Chen "
          "runs the diabetes clinic on Tuesdays. Doctor Okafor runs the asthma clinic on "
          "Thursdays.")


def test_a_weekday_does_not_hide_a_parallel_fact() -> None:
    finding = binding_finding("Doctor Okafor runs the diabetes clinic.", [FAQ])
    assert finding is not None and finding.code == "unbound_anchors"
    assert "asthma" in finding.message
    assert binding_finding("Doctor Okafor runs the asthma clinic.", [FAQ]) is None


SIBLINGS = ("Profile. Ana Silva was born in Porto in 1971. She studied medicine in Lisbon. Her "
           "brother, Rui Silva, was born in Braga in 1975. He became an architect.")


def test_a_pronoun_after_a_pronoun_names_the_same_person_not_a_namesake() -> None:
    # "Her brother" is Ana's: the sentence inherits her name, not Lisbon; and "She" is
    # Ana Silva, whom Rui Silva's surname does not stand for
    finding = binding_finding("Rui Silva studied medicine in Lisbon.", [SIBLINGS])
    assert finding is not None and finding.code == "unbound_anchors"
    assert "ana silva" in finding.message.lower()
    for faithful in ("Ana Silva studied medicine in Lisbon.", "Rui Silva became an architect.",
                     "Rui Silva was born in Braga."):
        assert binding_finding(faithful, [SIBLINGS]) is None, faithful


BANK = ("Quarterly report of Norrland Bank. Revenue in the third quarter was 412 million "
        "euros. The bank opened 4 branches in Sweden and closed 9 branches in Finland. "
        "Customer deposits grew 11 percent.")


@pytest.mark.parametrize(("claim", "rival"), [
    ("The bank closed 9 branches in Sweden.", "Finland"),
    ("The bank opened 4 branches in Finland.", "Sweden"),
])
def test_values_of_two_coordinated_clauses_bind_nothing_across_them(claim: str,
                                                                   rival: str) -> None:
    finding = binding_finding(claim, [BANK])
    assert finding is not None and finding.code == "unbound_anchors"
    assert rival in finding.message


@pytest.mark.parametrize("claim", ["The bank closed 9 branches in Finland.",
                                   "The bank opened 4 branches in Sweden."])
def test_the_values_of_one_clause_still_bind(claim: str) -> None:
    assert binding_finding(claim, [BANK]) is None


def test_a_pronoun_of_the_other_gender_is_not_the_same_person() -> None:
    from certirag.verifiers.binding import _prepare

    text = ("Philip Plisson is a French photographer. He has published photographs of the "
            "liner Queen Mary 2. She is the largest liner built for Cunard since Queen "
            "Elizabeth 2.")
    ev = _prepare((text,), 700, "dmy")
    she = next(i for i, s in enumerate(ev.sents) if s.text.startswith("She"))
    assert "philip" not in ev.inherited[she]  # "She" is the liner, not the photographer
    his = _prepare(("Ana Silva was born in Porto. She studied in Lisbon. Her brother, Rui "
                    "Silva, was born in Braga.",), 700, "dmy")
    assert his.inherited[2] == frozenset({"ana", "silva"})


SINGER = ("Ronnie Jones (born June 2, 1949 in Ada, Oklahoma; died June 16, 1996) was an "
          "American country music singer known professionally as Anthony Armstrong Jones, a "
          "stage name he took from a British photographer. Ada is home to East Central "
          "University, and is the headquarters of the Chickasaw Nation.")
COUSIN = SINGER.replace("known professionally as", "and the cousin of")


def test_a_stage_name_is_no_rival_of_the_name_it_stands_for() -> None:
    # "known professionally as": the sentence's first person, named twice
    claim = ("Which University is based in the town where Anthony Armstrong Jones was born ? "
             "East Central University")
    assert binding_finding(claim, [SINGER]) is None
    # a cousin of the surname is another person: Ronnie Jones stands in the place
    finding = binding_finding(claim, [COUSIN])
    assert finding is not None and finding.code == "unbound_anchors"


MOVIES = ("Parasite was released in 2019. Parasite is directed by Bong Joon-ho. Bong Joon-ho "
          "directed Snowpiercer. Snowpiercer was released in 2013.")


@pytest.mark.parametrize("claim", ["Parasite was released in 2013.", "Parasite came out in 2013.",
                                   "Parasite premiered in 2013."])
def test_a_value_borrowed_in_other_words_of_its_predicate_binds_nothing(claim: str) -> None:
    # three sentences hold "Parasite" and "2013"; the sentence about Parasite's release
    # gives 2019, whatever word the claim uses for the release
    found = binding_finding(claim, [MOVIES])
    assert found is not None and "2019" in found.message


@pytest.mark.parametrize("claim", ["Parasite came out in 2019.", "Snowpiercer came out in 2013."])
def test_a_value_stated_of_its_own_subject_binds(claim: str) -> None:
    assert binding_finding(claim, [MOVIES]) is None
