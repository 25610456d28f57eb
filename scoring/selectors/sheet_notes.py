"""Notes on a sheet's hands: the answer a hand carries to a question the rules asked."""

from __future__ import annotations

from games.engine import Field
from games.rules import RulesError


def note_answers(sheet) -> None:
    """Note on a hand the answer it carries to a question the rules asked about it.

    Texas Good Sams asks which side reached 250 first when one hand takes both there.
    An answer is noted only where the rules would ask for it, so a stale one left on
    another hand is not shown.
    """
    asked = [f for f in sheet.fields if f.asked_when_needed]
    if not asked or any(row.entry is None for row in sheet.rows):
        return
    spec, table, options = sheet.spec, sheet.table, sheet.options
    rows = sheet.rows
    for index, row in enumerate(rows):
        # The hands before it in its own game (a match's games are folded apart).
        entries = [r.entry for r in rows[:index] if r.hand.match_game == row.hand.match_game]
        for question in asked:
            answer = row.hand.detail.get(question.name)
            if not isinstance(answer, int) or not 0 <= answer < len(sheet.sides):
                continue
            try:
                unanswered = spec.entry_from_data(
                    {**row.hand.detail, question.name: None}, table, options
                )
                state = spec.fold([*entries, unanswered], table, options)
            except RulesError:
                continue
            decision = state.decision
            if decision is not None and (decision.hand, decision.field) == (
                len(entries),
                question.name,
            ):
                row.reached_first_note = _answer_note(sheet, question, answer)


def _answer_note(sheet, question: Field, answer: int) -> str:
    side = sheet.sides[answer]
    if sheet.target is not None:
        return f"{side.name} reached {sheet.target} first"
    return f"{question.label} {side.name}"
