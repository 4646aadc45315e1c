from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certirag.text import sentences, split_sentences

GOLDEN: list[tuple[str, list[str]]] = [
    # basic stops
    ("One. Two! Three? Four", ["One.", "Two!", "Three?", "Four"]),
    ("It rained… Then it stopped.", ["It rained…", "Then it stopped."]),
    ("It rained... Then it stopped.", ["It rained...", "Then it stopped."]),
    ("Wait... what happened?", ["Wait... what happened?"]),
    ("Really? yes, really.", ["Really? yes, really."]),
    ("The year ended. 2024 was better.", ["The year ended.", "2024 was better."]),
    ("Prices rose. $5 bought less.", ["Prices rose.", "$5 bought less."]),
    # closing quotes and brackets stay with their sentence
    ('He said "no." Then he left.', ['He said "no."', "Then he left."]),
    ("She asked “why?” Nobody knew.", ["She asked “why?”", "Nobody knew."]),
    ("(See the annex.) The rest follows.", ["(See the annex.)", "The rest follows."]),
    ('He left. "Where?" she asked.', ["He left.", '"Where?" she asked.']),
    # abbreviations
    ("Fruit, e.g. apples, i.e. pomes, etc. are sold.",
     ["Fruit, e.g. apples, i.e. pomes, etc. are sold."]),
    ("Use tools, e.g. The Times index. Then stop.",
     ["Use tools, e.g. The Times index.", "Then stop."]),
    ("Pears, plums etc. The list goes on.", ["Pears, plums etc.", "The list goes on."]),
    ("Dr. Smith met Mr. Jones and Mrs. Brown. Ms. Lee and Prof. Chan came.",
     ["Dr. Smith met Mr. Jones and Mrs. Brown.", "Ms. Lee and Prof. Chan came."]),
    ("They climbed Mt. Everest via St. Paul's route.",
     ["They climbed Mt. Everest via St. Paul's route."]),
    ("Compare cf. Smith, and Smith vs. Jones.", ["Compare cf. Smith, and Smith vs. Jones."]),
    # capitalised, a Latin marker is a name's last word (a club) and ends its sentence
    ("He plays for Inter Miami CF. Did you know that?",
     ["He plays for Inter Miami CF.", "Did you know that?"]),
    ("Smith v. Jones was decided in 1990.", ["Smith v. Jones was decided in 1990."]),
    # after a company suffix, a question's auxiliary opens the next sentence
    ("It was made by Apple Inc. Do you own one?", ["It was made by Apple Inc.",
                                                   "Do you own one?"]),
    ("Robert Downey Jr. Was he in Zodiac?", ["Robert Downey Jr.", "Was he in Zodiac?"]),
    ("He works for Warner Bros. Pictures.", ["He works for Warner Bros. Pictures."]),
    ("See Fig. 3, vol. 2, pp. 10-12, p. 4 and ch. 7.",
     ["See Fig. 3, vol. 2, pp. 10-12, p. 4 and ch. 7."]),
    ("See vol. II for details. Next.", ["See vol. II for details.", "Next."]),
    ("The firm was est. 1901 in Leeds.", ["The firm was est. 1901 in Leeds."]),
    ("Filed on Jan. 5, 2021 and Sept. 30, 2022.", ["Filed on Jan. 5, 2021 and Sept. 30, 2022."]),
    ("It happened in Dec. The next year was calm.",
     ["It happened in Dec.", "The next year was calm."]),
    ("He met Martin Luther King Jr. in Atlanta.", ["He met Martin Luther King Jr. in Atlanta."]),
    ("Acme Inc. The firm grew.", ["Acme Inc.", "The firm grew."]),
    ("Warner Bros. Pictures released it.", ["Warner Bros. Pictures released it."]),
    ("Samsung Co. Ltd. reported results.", ["Samsung Co. Ltd. reported results."]),
    ("Smith et al. The results held.", ["Smith et al.", "The results held."]),
    ("Smith et al. 2019 found this.", ["Smith et al. 2019 found this."]),
    ("The U.S. Army and the U.K. Parliament met. The U.N. Charter applies.",
     ["The U.S. Army and the U.K. Parliament met.", "The U.N. Charter applies."]),
    ("Jobs moved to the U.S. The economy grew.", ["Jobs moved to the U.S.", "The economy grew."]),
    ("The U.S. $5 bill is green.", ["The U.S. $5 bill is green."]),
    ("We met at 9 a.m. and left at 5 p.m. We were tired.",
     ["We met at 9 a.m. and left at 5 p.m.", "We were tired."]),
    ("Meetings end at 5 p.m. Eastern time.", ["Meetings end at 5 p.m. Eastern time."]),
    ("I love modern art. The museum is open.", ["I love modern art.", "The museum is open."]),
    ("I said no. Then we left.", ["I said no.", "Then we left."]),
    # numbers
    ("Pi is 3.14 and the total 1.234,56 EUR in v1.2.3 of the tool.",
     ["Pi is 3.14 and the total 1.234,56 EUR in v1.2.3 of the tool."]),
    ("The rate was 3.5. Next year it fell.", ["The rate was 3.5.", "Next year it fell."]),
    ("Go to Step 1. Open the box.", ["Go to Step 1.", "Open the box."]),
    # initials
    ("J. R. R. Tolkien wrote it. A. Smith agreed.",
     ["J. R. R. Tolkien wrote it.", "A. Smith agreed."]),
    ("J.R.R. Tolkien wrote it.", ["J.R.R. Tolkien wrote it."]),
    ("A. A. Milne wrote it.", ["A. A. Milne wrote it."]),
    ("He lacked vitamin C. A deficiency followed.",
     ["He lacked vitamin C.", "A deficiency followed."]),
    ("World War I. The aftermath.", ["World War I.", "The aftermath."]),
    # legal
    ("Under s. 124(1ZA)(a) of the Act the duty applies. The court agreed.",
     ["Under s. 124(1ZA)(a) of the Act the duty applies.", "The court agreed."]),
    ("See ss. 3-5, art. 5, arts. 6 and 7, para. 12, paras. 3-4, reg. 4 and sch. 2.",
     ["See ss. 3-5, art. 5, arts. 6 and 7, para. 12, paras. 3-4, reg. 4 and sch. 2."]),
    ("It is Order No. 5 of 2020. Nos. 6 and 7 were revoked.",
     ["It is Order No. 5 of 2020.", "Nos. 6 and 7 were revoked."]),
    ("In Smith v. Jones [2020] UKSC 1 the appeal failed. Costs followed.",
     ["In Smith v. Jones [2020] UKSC 1 the appeal failed.", "Costs followed."]),
    ("The claim fails under art. 6 ECHR. The Court held so.",
     ["The claim fails under art. 6 ECHR.", "The Court held so."]),
    # medical
    ("The patient received approx. 5 mg/kg. The dose was halved.",
     ["The patient received approx. 5 mg/kg.", "The dose was halved."]),
    ("Give 500 mg. Repeat after 6 h. Stop if rash develops.",
     ["Give 500 mg.", "Repeat after 6 h.", "Stop if rash develops."]),
    ("Dr. Patel prescribed 2.5 mg bisoprolol. BP fell to 120/80 mmHg.",
     ["Dr. Patel prescribed 2.5 mg bisoprolol.", "BP fell to 120/80 mmHg."]),
    # financial
    ("Revenue rose 4.5% to $1.2bn. EPS was $3.10. Q3 was weak.",
     ["Revenue rose 4.5% to $1.2bn.", "EPS was $3.10.", "Q3 was weak."]),
    ("Net income was €2.3 m. £1.5 m was paid out.",
     ["Net income was €2.3 m.", "£1.5 m was paid out."]),
    ("Acme Corp. reported net sales of $383.3 billion. Apple Inc. did better.",
     ["Acme Corp. reported net sales of $383.3 billion.", "Apple Inc. did better."]),
    # glued sentences (scraping artefact)
    ("It began in the 19th century.First for Women is a magazine.",
     ["It began in the 19th century.", "First for Women is a magazine."]),
    ("Born in the U.S.A in 1950.", ["Born in the U.S.A in 1950."]),
    ("See e.g.Xylophones here.", ["See e.g.Xylophones here."]),
    ("Visit www.example.Com today.", ["Visit www.example.Com today."]),
    ("Open docs/guide.Intro today.", ["Open docs/guide.Intro today."]),
    ("Call torch.Tensor(x) now.", ["Call torch.Tensor(x) now."]),
    ("Mail me@mail.Example now.", ["Mail me@mail.Example now."]),
    ("Pears, plums, etc.The end.", ["Pears, plums, etc.", "The end."]),
    ("Smith vs.Jones is cited.", ["Smith vs.Jones is cited."]),
    ("Donahue replaced Kelli Ward who resigned to run for the Senate.Kelli Ward is a "
     "physician.", ["Donahue replaced Kelli Ward who resigned to run for the Senate.",
                    "Kelli Ward is a physician."]),
    ("It is based at McClellan Air Force Base, California.McClellan Air Force Base closed.",
     ["It is based at McClellan Air Force Base, California.",
      "McClellan Air Force Base closed."]),
    ('It was released by Walt Disney Pictures."The Watercolor" is a Turkish film.',
     ["It was released by Walt Disney Pictures.", '"The Watercolor" is a Turkish film.']),
    ("They returned in 1954.The engine failed.", ["They returned in 1954.",
                                                  "The engine failed."]),
    ("It closed (2001).The site is a park.", ["It closed (2001).", "The site is a park."]),
    ("Ask Mrs.Smith or Prof.Jones first.", ["Ask Mrs.Smith or Prof.Jones first."]),
    ("Warner Bros.Pictures made it.", ["Warner Bros.Pictures made it."]),
    ("Call Foo.Bar(x) now.", ["Call Foo.Bar(x) now."]),
    # no stop, empty
    ("no stop here", ["no stop here"]),
    ("  padded text  ", ["padded text"]),
]


@pytest.mark.parametrize(("text", "expected"), GOLDEN)
def test_golden(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


@pytest.mark.parametrize("text", ["", " ", "\n\n\t ", "\u3000\u2028"])
def test_blank_text_gives_nothing(text: str) -> None:
    assert split_sentences(text) == []


def test_offsets_are_exact() -> None:
    text = "  Dr. Smith left.\n\nHe said \"no.\"  Then  he went home"
    spans = split_sentences(text)
    assert spans == [(2, 17), (19, 32), (34, 52)]
    assert [text[s:e] for s, e in spans] == ["Dr. Smith left.", 'He said "no."',
                                             "Then  he went home"]


def test_blank_line_always_splits() -> None:
    text = "First paragraph without a stop\n\nsecond paragraph in lowercase\r\n \r\nthird"
    assert sentences(text) == ["First paragraph without a stop",
                               "second paragraph in lowercase", "third"]


def test_single_newline_does_not_split_a_wrapped_sentence() -> None:
    assert sentences("A sentence that is\nhard wrapped. Next one.") == [
        "A sentence that is\nhard wrapped.", "Next one."]


def test_markdown_headings_and_list_items() -> None:
    text = ("# Leave policy\nStaff get 25 days\n## Carry over\n"
            "- up to 5 days\n* with approval\n+ in writing\n1. First step\n2) second step\n"
            "   continued here\n#hashtag is not a heading")
    assert sentences(text) == [
        "# Leave policy", "Staff get 25 days", "## Carry over", "- up to 5 days",
        "* with approval", "+ in writing", "1. First step",
        "2) second step\n   continued here\n#hashtag is not a heading",
    ]


def test_numbered_item_marker_is_not_a_sentence() -> None:
    assert sentences("Steps:\n1. Open the box. Then close it.\n  2. Done") == [
        "Steps:", "1. Open the box.", "Then close it.", "2. Done"]


def test_crlf_and_cr_line_ends() -> None:
    assert sentences("One.\r\nTwo.\r\n\r\n- three\rfour\r\rfive") == [
        "One.", "Two.", "- three\rfour", "five"]


def test_sentences_matches_spans() -> None:
    text = "Alpha beta. Gamma delta! Epsilon"
    assert sentences(text) == [text[s:e] for s, e in split_sentences(text)]


def test_long_text() -> None:
    para = ("The court held in Smith v. Jones that s. 124(1ZA)(a) applies. Dr. Brown said the "
            "dose was approx. 5 mg/kg, i.e. within limits! Revenue rose 4.5% to $1.2bn in the "
            "U.S. The firm, Acme Inc., expects growth... What next? See Fig. 3 and No. 5.\n\n")
    text = para * 500
    spans = split_sentences(text)
    assert len(spans) == 3000  # speed is measured in benchmarks/claimcheck.py, not here


@pytest.mark.parametrize("text", [
    "." * 20000, "a." * 20000, "?a" * 20000, '."' * 20000, " . " * 20000, "ab." * 20000 + "Cd",
    "\n" * 20000, "x" * 100000,
])
def test_adversarial_input_is_linear(text: str) -> None:
    # catches super-linear blow-ups (minutes), with room for a loaded machine
    t0 = time.perf_counter()
    split_sentences(text)
    assert time.perf_counter() - t0 < 15.0


_ALPHABET = st.sampled_from(
    [*"aAbBzZ019 .!?…\"'”“)(#-*+$\n\r\t", "e.g.", "Dr.", "U.S.", "No. ", "\u00a0", "\u2028",
     "\u3000", "\r\n", "\n\n", "é", "日"]
)
_TEXT = st.lists(_ALPHABET, max_size=80).map("".join)


def _check_invariants(text: str) -> None:
    spans = split_sentences(text)
    prev_end = 0
    covered = bytearray(len(text))
    for start, end in spans:
        assert prev_end <= start < end <= len(text)
        piece = text[start:end]
        assert piece == piece.strip()
        for i in range(start, end):
            covered[i] = 1
        prev_end = end
    for i, ch in enumerate(text):
        if not ch.isspace():
            assert covered[i], (text, i)
    assert sentences(text) == [text[s:e] for s, e in spans]


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_invariants(text: str) -> None:
    _check_invariants(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_invariants_on_any_text(text: str) -> None:
    _check_invariants(text)
