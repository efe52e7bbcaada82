"""Reading free-text answers in The Mole: which locations does a sentence fit?

A lexical model, written out in plain Python: every canned answer's text becomes a TF-IDF vector
of its character n-grams (3 to 5 letters, so "seagull" meets "seagulls" and "ski" meets
"skiing"; word features are optional and measured no better), and a new sentence is scored
against all canned answers of all questions by cosine similarity. Its location profile is the
similarity-weighted mean of the ``fits`` lists of its nearest canned answers: the share of that
evidence each of the 16 locations receives.

Only the printed content is read (``content.QUESTIONS``), which every player may see. A small
sentence-embedding model was considered instead; see ``docs/agents.md`` for why this one is used.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Final

from molehaven.games.the_mole.content import QUESTIONS
from molehaven.games.the_mole.data import LOCATION_COUNT, LOCATION_INDEX

NEIGHBOURS: Final = 8  # canned answers that speak for a sentence
SHARPNESS: Final = 12.0  # softmax weight on cosine similarity: the nearest answers dominate
WORD = re.compile(r"[a-z0-9']+")

Vector = dict[str, float]


def features(text: str, *, words: bool = True, grams: bool = True) -> Counter[str]:
    """Word and character n-gram counts of a text, lower-cased."""
    tokens = WORD.findall(text.lower())
    counts: Counter[str] = Counter()
    if words:
        counts.update(f"w:{token}" for token in tokens)
    if grams:
        for token in tokens:
            padded = f" {token} "
            for size in (3, 4, 5):
                counts.update(f"c:{padded[i : i + size]}" for i in range(len(padded) - size + 1))
    return counts


@dataclass(frozen=True, slots=True)
class Reference:
    """One canned answer as the model sees it: its vector and the locations it fits."""

    question: int
    answer: int
    vector: Vector
    fits: tuple[int, ...]


class TextModel:
    """TF-IDF over a fixed corpus of canned answers; ``words``/``grams`` choose the features."""

    def __init__(
        self,
        corpus: list[tuple[int, int, str, tuple[int, ...]]],
        *,
        words: bool = True,
        grams: bool = True,
    ) -> None:
        self.words = words
        self.grams = grams
        counted = [features(text, words=words, grams=grams) for _, _, text, _ in corpus]
        documents: Counter[str] = Counter()
        for counts in counted:
            documents.update(counts.keys())
        total = len(corpus)
        self.idf = {term: math.log((1 + total) / (1 + df)) + 1.0 for term, df in documents.items()}
        self.references = tuple(
            Reference(question, answer, self.vectorize_counts(counts), fits)
            for (question, answer, _, fits), counts in zip(corpus, counted, strict=True)
        )

    def vectorize_counts(self, counts: Counter[str]) -> Vector:
        vector = {
            term: (1.0 + math.log(count)) * self.idf[term]
            for term, count in counts.items()
            if term in self.idf
        }
        norm = math.sqrt(sum(value * value for value in vector.values()))
        return {term: value / norm for term, value in vector.items()} if norm else {}

    def vectorize(self, text: str) -> Vector:
        return self.vectorize_counts(features(text, words=self.words, grams=self.grams))

    def profile(
        self, text: str, *, exclude: tuple[int, int] | None = None
    ) -> tuple[list[float], float]:
        """How strongly the text points to each location (summing to 1), and the best cosine
        similarity found (0 when nothing matched: then the profile is flat).

        ``exclude`` leaves one canned answer (question, answer) out, for held-out tests.
        """
        vector = self.vectorize(text)
        scored = []
        for reference in self.references:
            if exclude == (reference.question, reference.answer):
                continue
            other = reference.vector
            small, large = (vector, other) if len(vector) < len(other) else (other, vector)
            similarity = sum(value * large.get(term, 0.0) for term, value in small.items())
            if similarity > 0.0:
                scored.append((similarity, reference))
        scored.sort(key=lambda item: -item[0])
        nearest = scored[:NEIGHBOURS]
        if not nearest:
            return [1.0 / LOCATION_COUNT] * LOCATION_COUNT, 0.0
        top = nearest[0][0]
        weights = [math.exp(SHARPNESS * (similarity - top)) for similarity, _ in nearest]
        profile = [0.0] * LOCATION_COUNT
        for weight, (_, reference) in zip(weights, nearest, strict=True):
            share = weight / len(reference.fits)
            for location in reference.fits:
                profile[location] += share
        total = sum(profile)
        return [value / total for value in profile], top


def canned_corpus() -> list[tuple[int, int, str, tuple[int, ...]]]:
    """(question number, answer number, text, fitting location indices) of every canned answer."""
    return [
        (
            question.number,
            number,
            answer.text,
            tuple(sorted(LOCATION_INDEX[fit] for fit in answer.fits)),
        )
        for question in QUESTIONS
        for number, answer in enumerate(question.answers, start=1)
    ]


@cache
def default_model() -> TextModel:
    """The model the belief bot reads free text with (built once, in well under a second)."""
    return TextModel(canned_corpus(), words=False)  # char n-grams measured best
