"""The Mole's content against sections 2.2 and 2.3 of the decisions file (TM-1, TM-2, C1 … C8).

Each test names the rule it checks. C7 (an answer is plausible where it claims to fit and unlikely
elsewhere) needs a human reader; ``test_c7_answers_agree_with_location_facts`` checks the part a
machine can: answers that mention something only some locations have must claim only those.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from importlib import resources

import pytest

from molehaven.games.the_mole.content import (
    LOCATION_BY_ID,
    LOCATIONS,
    QUESTION_BY_ID,
    QUESTIONS,
    ROLE_IDS,
    CannedAnswer,
    Question,
)

# Section 2.2, transcribable form: location ids in Location List order, role ids in card order.
EXPECTED_ROLES: dict[str, list[str]] = {
    "airport": [
        "pilot",
        "flight-attendant",
        "security-officer",
        "baggage-handler",
        "traveller",
        "air-traffic-controller",
        "duty-free-clerk",
    ],
    "bakery": [
        "baker",
        "cashier",
        "delivery-driver",
        "pastry-chef",
        "customer",
        "cake-decorator",
        "apprentice",
    ],
    "bowling-alley": [
        "bowler",
        "shoe-rental-clerk",
        "pinsetter-mechanic",
        "snack-bar-cook",
        "league-captain",
        "birthday-guest",
        "manager",
    ],
    "campsite": [
        "park-ranger",
        "hiker",
        "scout-leader",
        "camper",
        "angler",
        "camp-cook",
        "photographer",
    ],
    "cruise-ship": [
        "captain",
        "deckhand",
        "entertainer",
        "passenger",
        "ships-chef",
        "lifeguard",
        "purser",
    ],
    "fire-station": [
        "firefighter",
        "fire-chief",
        "dispatcher",
        "paramedic",
        "engine-mechanic",
        "visiting-pupil",
        "trainee",
    ],
    "library": [
        "librarian",
        "student",
        "visiting-author",
        "archivist",
        "security-guard",
        "reader",
        "volunteer",
    ],
    "lighthouse": [
        "keeper",
        "tourist",
        "fisher",
        "coastguard",
        "painter",
        "historian",
        "boat-skipper",
    ],
    "farm": [
        "farmer",
        "farmhand",
        "vet",
        "tractor-driver",
        "beekeeper",
        "visitor",
        "market-seller",
    ],
    "ski-resort": [
        "ski-instructor",
        "snowboarder",
        "lift-operator",
        "ski-patroller",
        "chalet-host",
        "beginner",
        "snow-groomer-driver",
    ],
    "recording-studio": [
        "singer",
        "producer",
        "sound-engineer",
        "drummer",
        "band-manager",
        "songwriter",
        "intern",
    ],
    "theme-park": [
        "ride-operator",
        "mascot",
        "ticket-seller",
        "thrill-seeker",
        "parent",
        "ride-mechanic",
        "food-vendor",
    ],
    "aquarium": [
        "marine-biologist",
        "diver",
        "tour-guide",
        "visitor",
        "animal-feeder",
        "ticket-clerk",
        "cleaner",
    ],
    "wedding": [
        "bride",
        "groom",
        "best-man",
        "caterer",
        "photographer",
        "guest",
        "officiant",
    ],
    "museum": [
        "curator",
        "guard",
        "tour-guide",
        "restorer",
        "tourist",
        "art-student",
        "gift-shop-clerk",
    ],
    "hospital": [
        "doctor",
        "nurse",
        "surgeon",
        "patient",
        "paramedic",
        "receptionist",
        "visitor",
    ],
}

# Section 2.3: the fixed question texts.
FIXED_TEXTS: dict[str, str] = {
    "q1": "How did you get here today?",
    "q2": "What can you hear right now?",
    "q3": "What are you wearing right now?",
    "q4": "How long will you stay?",
    "q5": "Who else would you expect to meet here?",
    "q6": "What can you smell?",
    "q7": "When is it busiest?",
    "q8": "Would you bring a child here?",
    "q9": "What is the biggest danger here?",
    "q10": "What would you spend money on here?",
}

# Section 2.3: the binding canned answers of q1 and q2, as (text, fits).
BINDING_ANSWERS: dict[str, list[tuple[str, set[str]]]] = {
    "q1": [
        (
            "By car, and finding a parking space took ages.",
            {
                "airport",
                "bowling-alley",
                "theme-park",
                "aquarium",
                "museum",
                "hospital",
                "wedding",
                "ski-resort",
            },
        ),
        (
            "I walked; it is not far from home.",
            {"bakery", "library", "fire-station", "museum", "hospital", "bowling-alley"},
        ),
        (
            "It was a long journey with a heavy suitcase.",
            {"airport", "cruise-ship", "ski-resort", "campsite"},
        ),
        (
            "Along a bumpy road out in the countryside.",
            {"campsite", "farm", "lighthouse", "wedding"},
        ),
        (
            "I came in early for my shift.",
            {
                "fire-station",
                "bakery",
                "hospital",
                "recording-studio",
                "aquarium",
                "farm",
                "library",
                "airport",
            },
        ),
        ("By boat, more or less.", {"cruise-ship", "lighthouse"}),
        (
            "On a coach packed with excited people.",
            {"theme-park", "ski-resort", "museum", "aquarium", "bowling-alley"},
        ),
        (
            "A friend gave me a lift; they are here too.",
            {"recording-studio", "wedding", "bowling-alley", "theme-park"},
        ),
    ],
    "q2": [
        ("Engines roaring somewhere nearby.", {"airport", "fire-station", "farm", "cruise-ship"}),
        ("Waves and seagulls.", {"lighthouse", "cruise-ship"}),
        (
            "Almost nothing; people keep their voices down.",
            {"library", "museum", "hospital", "aquarium"},
        ),
        (
            "Music, and quite loud.",
            {"recording-studio", "wedding", "bowling-alley", "theme-park", "cruise-ship"},
        ),
        (
            "People screaming, but happily.",
            {"theme-park", "bowling-alley", "ski-resort", "wedding"},
        ),
        ("Birds, and the wind in the trees.", {"campsite", "farm", "lighthouse", "ski-resort"}),
        (
            "Beeping machines and a phone that never stops.",
            {"hospital", "fire-station", "airport", "recording-studio"},
        ),
        ("Chatter and the clink of plates.", {"bakery", "wedding", "bowling-alley", "cruise-ship"}),
        (
            "A steady hum and the odd ding of a timer.",
            {"bakery", "aquarium", "hospital", "recording-studio"},
        ),
        ("A crackling fire and some crickets.", {"campsite", "ski-resort", "farm"}),
        ("Pages turning and footsteps on a hard floor.", {"library", "museum"}),
    ],
}

LOCATION_IDS = tuple(EXPECTED_ROLES)
ALL_ANSWERS: list[tuple[Question, CannedAnswer]] = [
    (question, answer) for question in QUESTIONS for answer in question.answers
]


def _raw_questions() -> list[dict[str, object]]:
    """The JSON exactly as stored, so duplicates a frozenset would hide stay visible."""
    files = resources.files("molehaven.games.the_mole")
    loaded = json.loads(files.joinpath("questions.json").read_text(encoding="utf-8"))
    assert isinstance(loaded, list)
    return loaded


def _id_of(name: str) -> str:
    """Section 2.2: lower case, spaces replaced by ``-``, apostrophes dropped."""
    return name.lower().replace(" ", "-").replace("'", "")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower().replace("'", "").replace("\u2019", ""))


def _forbidden_phrases() -> set[tuple[str, ...]]:
    """Every location and role, by display name and by id, as a sequence of words."""
    names: set[str] = set()
    for location in LOCATIONS:
        names.update((location.id, location.name))
        for role in location.roles:
            names.update((role.id, role.name))
    return {tuple(_words(name)) for name in names}


FORBIDDEN_PHRASES = _forbidden_phrases()


def _named_phrases(text: str) -> list[str]:
    """Locations or roles that ``text`` names as words (a plural ``-s``/``-es`` counts too)."""
    words = _words(text)
    found = []
    for phrase in FORBIDDEN_PHRASES:
        head, last = phrase[:-1], phrase[-1]
        for start in range(len(words) - len(phrase) + 1):
            window = words[start : start + len(phrase)]
            if tuple(window[:-1]) == head and window[-1] in (last, last + "s", last + "es"):
                found.append(" ".join(phrase))
    return found


# --- TM-1: locations and roles ------------------------------------------------------------


def test_tm_1_location_list_order_and_roles_in_card_order() -> None:
    assert [location.id for location in LOCATIONS] == list(EXPECTED_ROLES)
    for location in LOCATIONS:
        assert [role.id for role in location.roles] == EXPECTED_ROLES[location.id], location.id


def test_tm_1_component_counts() -> None:
    assert len(LOCATIONS) == 16
    assert all(len(location.roles) == 7 for location in LOCATIONS)
    assert sum(len(location.roles) for location in LOCATIONS) == 112
    assert len(ROLE_IDS) == 106
    assert {role for roles in EXPECTED_ROLES.values() for role in roles} == ROLE_IDS


def test_tm_1_repeated_roles_are_exactly_the_listed_ones() -> None:
    counts = Counter(role.id for location in LOCATIONS for role in location.roles)
    repeated = {role: count for role, count in counts.items() if count > 1}
    assert repeated == {
        "photographer": 2,
        "visitor": 3,
        "tour-guide": 2,
        "tourist": 2,
        "paramedic": 2,
    }


def test_tm_1_ids_follow_from_display_names() -> None:
    for location in LOCATIONS:
        assert _id_of(location.name) == location.id
        assert location.name[0].isupper()
        assert len({role.id for role in location.roles}) == 7, location.id
        for role in location.roles:
            assert _id_of(role.name) == role.id, role.name
            assert all(word[0].isupper() for word in re.split(r"[ -]", role.name)), role.name


def test_tm_1_display_names_examples() -> None:
    assert LOCATION_BY_ID["cruise-ship"].roles[4].name == "Ship's Chef"
    assert LOCATION_BY_ID["airport"].roles[5].name == "Air-Traffic Controller"
    assert LOCATION_BY_ID["bowling-alley"].name == "Bowling Alley"


def test_tm_1_lookup_tables_match_the_lists() -> None:
    assert list(LOCATION_BY_ID) == [location.id for location in LOCATIONS]
    assert all(LOCATION_BY_ID[location.id] is location for location in LOCATIONS)
    assert list(QUESTION_BY_ID) == [question.id for question in QUESTIONS]
    assert all(QUESTION_BY_ID[question.id] is question for question in QUESTIONS)


# --- TM-2 and C1: the question cards ------------------------------------------------------------


def test_c1_exactly_80_questions_q1_to_q80_in_order() -> None:
    assert [question.id for question in QUESTIONS] == [f"q{k}" for k in range(1, 81)]
    assert [question.number for question in QUESTIONS] == list(range(1, 81))


def test_c1_question_texts_unique_and_10_to_120_characters() -> None:
    texts = [question.text for question in QUESTIONS]
    assert len(set(texts)) == len(texts)
    for question in QUESTIONS:
        assert 10 <= len(question.text) <= 120, question.id
        assert question.text == question.text.strip(), question.id
        assert question.text.endswith("?"), question.id


def test_tm_2_fixed_texts_of_q1_to_q10() -> None:
    assert {qid: QUESTION_BY_ID[qid].text for qid in FIXED_TEXTS} == FIXED_TEXTS


@pytest.mark.parametrize("question_id", sorted(BINDING_ANSWERS))
def test_tm_2_binding_answers_of_q1_and_q2(question_id: str) -> None:
    answers = QUESTION_BY_ID[question_id].answers
    assert [answer.id for answer in answers] == [
        f"a{k}" for k in range(1, len(BINDING_ANSWERS[question_id]) + 1)
    ]
    assert [(answer.text, set(answer.fits)) for answer in answers] == BINDING_ANSWERS[question_id]


def test_c2_no_question_names_a_location_or_role() -> None:
    for question in QUESTIONS:
        assert _named_phrases(question.text) == [], question.id


def test_c2_questions_ask_about_the_here_and_now_not_a_place_type() -> None:
    """A question that makes sense everywhere never assumes indoors, outdoors, water or work."""
    assumptions = re.compile(
        r"\b(indoors|outdoors|outside|inside|sea|water|snow|ride|rides|book|books|animals?)\b",
        re.IGNORECASE,
    )
    for question in QUESTIONS:
        assert not assumptions.search(question.text), question.id


# --- C3 … C6: the shape of the canned answers -------------------------------------------------


def test_c3_6_to_12_answers_numbered_without_gaps() -> None:
    for question in QUESTIONS:
        assert 6 <= len(question.answers) <= 12, question.id
        assert [answer.id for answer in question.answers] == [
            f"a{k}" for k in range(1, len(question.answers) + 1)
        ], question.id


def test_c4_answer_texts_clean_and_unique_within_question() -> None:
    for question in QUESTIONS:
        texts = [answer.text for answer in question.answers]
        assert len(set(texts)) == len(texts), question.id
        for answer in question.answers:
            where = f"{question.id} {answer.id}"
            assert 1 <= len(answer.text) <= 200, where
            assert answer.text == answer.text.strip(), where
            assert not any(unicodedata.category(char) == "Cc" for char in answer.text), where


def test_c4_json_shape_and_fits_are_location_ids() -> None:
    raw = _raw_questions()
    assert len(raw) == len(QUESTIONS)
    for entry in raw:
        assert set(entry) == {"id", "text", "answers"}
        answers = entry["answers"]
        assert isinstance(answers, list)
        for answer in answers:
            assert set(answer) == {"id", "text", "fits"}
            assert isinstance(answer["fits"], list)
            assert set(answer["fits"]) <= set(LOCATION_IDS), (entry["id"], answer["id"])


def test_c5_fits_have_2_to_8_distinct_locations() -> None:
    for entry in _raw_questions():
        for answer in entry["answers"]:  # type: ignore[attr-defined]
            fits = answer["fits"]
            assert len(fits) == len(set(fits)), (entry["id"], answer["id"])
            assert 2 <= len(fits) <= 8, (entry["id"], answer["id"])


def test_c6_every_location_has_two_true_answers_to_every_question() -> None:
    for question in QUESTIONS:
        counts = Counter(fit for answer in question.answers for fit in answer.fits)
        thin = [location for location in LOCATION_IDS if counts[location] < 2]
        assert thin == [], question.id


# --- C7: plausibility, the part a machine can check ---------------------------------------


def test_c7_answers_read_as_sentences() -> None:
    for question, answer in ALL_ANSWERS:
        assert answer.text[0].isupper() or answer.text[0].isdigit(), (question.id, answer.id)
        assert answer.text[-1] in ".!?", (question.id, answer.id)
        assert "  " not in answer.text, (question.id, answer.id)


def test_c7_answers_within_a_question_claim_different_places() -> None:
    """Two answers with the same fits tell a listener nothing apart; each should add something."""
    for question in QUESTIONS:
        fits = [answer.fits for answer in question.answers]
        assert len(set(fits)) == len(fits), question.id


_SEASIDE = frozenset({"lighthouse", "cruise-ship", "aquarium"})
_KITCHENS = frozenset(
    {"bakery", "cruise-ship", "wedding", "fire-station", "bowling-alley", "theme-park"}
)
_LUGGAGE = frozenset({"airport", "cruise-ship", "ski-resort", "campsite"})

# Hand-written facts: a word that only some locations can back up. An answer containing the word
# may claim only those locations (a fish is not caught at the library).
LOCATION_FACTS: dict[str, frozenset[str]] = {
    "waves": _SEASIDE,
    "seagulls": _SEASIDE,
    "sea": _SEASIDE,
    "salt": _SEASIDE,
    "boat": frozenset({"lighthouse", "cruise-ship", "campsite"}),
    "fish": frozenset({"lighthouse", "campsite", "aquarium", "cruise-ship"}),
    "bait": frozenset({"lighthouse", "campsite"}),
    "oven": _KITCHENS,
    "ovens": _KITCHENS,
    "cake": frozenset({"bakery", "wedding", "bowling-alley", "fire-station"}),
    "buffet": frozenset({"wedding", "cruise-ship"}),
    "champagne": frozenset({"wedding", "cruise-ship"}),
    "confetti": frozenset({"wedding", "cruise-ship"}),
    "dance": frozenset({"wedding", "cruise-ship"}),
    "dancing": frozenset({"wedding", "cruise-ship", "recording-studio"}),
    "animals": frozenset({"farm", "aquarium", "campsite", "lighthouse"}),
    "newborn": frozenset({"hospital", "farm"}),
    "suitcase": _LUGGAGE,
    "passport": _LUGGAGE,
    "luggage": _LUGGAGE,
    "wheelchairs": frozenset({"hospital", "airport"}),
    "sunburn": frozenset({"cruise-ship", "ski-resort", "campsite", "theme-park", "lighthouse"}),
    "wristband": frozenset({"cruise-ship", "ski-resort", "theme-park"}),
    "helmet": frozenset({"fire-station", "ski-resort", "theme-park"}),
    "hill": frozenset({"ski-resort", "theme-park", "campsite", "farm", "lighthouse"}),
}


def test_c7_answers_agree_with_location_facts() -> None:
    used: set[str] = set()
    for question, answer in ALL_ANSWERS:
        words = set(_words(answer.text))
        for word, allowed in LOCATION_FACTS.items():
            if word in words:
                used.add(word)
                assert answer.fits <= allowed, (question.id, answer.id, word)
    assert used == set(LOCATION_FACTS), "a fact that no answer uses checks nothing"


# --- C8: no names ---------------------------------------------------------------------------


def test_c8_answers_never_name_a_location_or_role() -> None:
    offenders = [
        (question.id, answer.id, _named_phrases(answer.text))
        for question, answer in ALL_ANSWERS
        if _named_phrases(answer.text)
    ]
    assert offenders == []


def test_c8_name_check_catches_names() -> None:
    """The C8 check itself: it must catch names, plurals and ids, and leave other words alone."""
    assert _named_phrases("The tour guide was late.") == ["tour guide"]
    assert _named_phrases("Lots of visitors today.") == ["visitor"]
    assert _named_phrases("The ship's chef waved.") == ["ships chef"]
    assert _named_phrases("A trip to the ski-resort.") == ["ski resort"]
    assert _named_phrases("The internet is slow and the tour was long.") == []
