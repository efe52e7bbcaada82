"""How well does the belief bot read free text? Held-out canned answers of The Mole.

    .venv/bin/python benchmarks/the_mole_text.py

Each canned answer in turn is held out: the model scores its text against all the other
canned answers (the held-out answer is never seen) and ranks the 16 locations. Printed per
model: precision@k (k = the size of the answer's ``fits``: the share of the k top-ranked
locations that truly fit), the mean profile mass on the true ``fits``, and what guessing
blindly gives (k/16 for both). Also a pairwise figure: for random pairs of canned answers of
the same question, how often the held-out text's profile puts more mass on its own ``fits``
than on the other answer's (0.5 is chance). Seeded; deterministic.
"""

from __future__ import annotations

import random
import statistics

from molehaven.agents.the_mole_text import TextModel, canned_corpus


def main() -> None:
    corpus = canned_corpus()
    models = {
        "words (TF-IDF)": TextModel(corpus, words=True, grams=False),
        "char 3-5 grams (used)": TextModel(corpus, words=False, grams=True),
        "words + char grams": TextModel(corpus),
    }
    by_question: dict[int, list[tuple[int, int, str, tuple[int, ...]]]] = {}
    for entry in corpus:
        by_question.setdefault(entry[0], []).append(entry)
    rng = random.Random(15)
    pairs = []
    for entries in by_question.values():
        for _ in range(3):
            first, second = rng.sample(entries, 2)
            if set(first[3]) != set(second[3]):
                pairs.append((first, second))
    blind = statistics.mean(len(fits) / 16 for *_, fits in corpus)
    print(f"{len(corpus)} canned answers held out one at a time; {len(pairs)} pairs")
    print(f"{'model':<28} {'precision@k':>11} {'mass on fits':>12} {'pairs won':>9}")
    print(f"{'blind guess':<28} {blind:>11.3f} {blind:>12.3f} {0.5:>9.3f}")
    for name, model in models.items():
        precisions = []
        masses = []
        for question, answer, text, fits in corpus:
            profile, _ = model.profile(text, exclude=(question, answer))
            ranked = sorted(range(16), key=lambda location: -profile[location])
            top = set(ranked[: len(fits)])
            precisions.append(len(top & set(fits)) / len(fits))
            masses.append(sum(profile[location] for location in fits))
        won = 0.0
        for first, second in pairs:
            profile, _ = model.profile(first[2], exclude=(first[0], first[1]))
            own = sum(profile[i] for i in first[3]) / len(first[3])
            other = sum(profile[i] for i in second[3]) / len(second[3])
            won += 1.0 if own > other else 0.5 if own == other else 0.0
        print(
            f"{name:<28} {statistics.mean(precisions):>11.3f}"
            f" {statistics.mean(masses):>12.3f} {won / len(pairs):>9.3f}"
        )


if __name__ == "__main__":
    main()
