"""Step 2 of 3: move every Texas Good Sams hand, its penalties and its history to the new form.

Until now only Texas Good Sams hands could be stored, so every hand is one of its hands:
its points become ``points`` and what was typed becomes ``detail``, the flat data
`games.rules.texas_good_sams.entry.entry_from_data` reads (penalties inside it, offenders by
player id). History snapshots get the same shape, offenders named as before. Nothing is
lost: going back rebuilds the columns (awards and penalty points scored again by the
rules module, which is pure and gives the same figures).
"""

from django.db import migrations

SEATS = (0, 1)


def _end(end, out_seat):
    """Return the hand's end as the sheet's form names it: "out_1" says who went out."""
    return f"out_{out_seat}" if end == "out" else end


def _detail(hand, penalties):
    detail = {"end": _end(hand.end, hand.out_seat), "reached_first": hand.reached_first}
    for seat in SEATS:
        detail[f"play_{seat}"] = getattr(hand, f"play_{seat}")
        detail[f"muggins_{seat}"] = getattr(hand, f"muggins_{seat}")
        detail[f"pips_{seat}"] = getattr(hand, f"pips_{seat}")
    detail["penalties"] = [
        {"side": p.seat, "reason": p.reason, "offender": p.offender_id} for p in penalties
    ]
    return detail


def _snapshot_detail(old):
    """Return a history snapshot of the old shape in the new one (None stays None)."""
    if not old or "detail" in old:
        return old
    detail = {"end": _end(old["end"], old["out_side"]), "reached_first": old.get("reached_first")}
    for seat in SEATS:
        detail[f"play_{seat}"] = old["play"][seat]
        detail[f"muggins_{seat}"] = old["muggins"][seat]
        detail[f"pips_{seat}"] = old["pips"][seat]
    detail["penalties"] = [
        {
            "side": p["side"],
            "reason": p["reason"],
            "offender": p.get("offender"),
            "offender_name": p.get("offender_name"),
        }
        for p in old["penalties"]
    ]
    return {"number": old["number"], "points": list(old["points"]), "detail": detail}


def forwards(apps, schema_editor):
    Hand = apps.get_model("scoring", "Hand")
    HandPenalty = apps.get_model("scoring", "HandPenalty")
    HandChange = apps.get_model("scoring", "HandChange")
    penalties = {}
    for penalty in HandPenalty.objects.order_by("pk"):
        penalties.setdefault(penalty.hand_id, []).append(penalty)
    for hand in Hand.objects.all().iterator():
        hand.points = [hand.points_0, hand.points_1]
        hand.detail = _detail(hand, penalties.get(hand.pk, []))
        hand.save(update_fields=["points", "detail"])
    for change in HandChange.objects.all().iterator():
        change.before = _snapshot_detail(change.before)
        change.after = _snapshot_detail(change.after)
        change.save(update_fields=["before", "after"])


def _old_snapshot(new):
    from games.rules.texas_good_sams.entry import Entry, score_entry_parts
    from games.rules.texas_good_sams.rules import Penalty

    if not new or "detail" not in new:
        return new
    detail = new["detail"]
    end, out_seat = detail["end"], None
    if end.startswith("out_"):
        end, out_seat = "out", int(end.removeprefix("out_"))
    entry = Entry(
        play=(detail["play_0"], detail["play_1"]),
        muggins=(detail["muggins_0"], detail["muggins_1"]),
        end=end,
        out_seat=out_seat,
        pips=(detail["pips_0"], detail["pips_1"]),
        penalties=tuple(Penalty(p["side"], p["reason"]) for p in detail["penalties"]),
    )
    score = score_entry_parts(entry, {})
    return {
        "number": new["number"],
        "play": list(score.play),
        "muggins": list(score.muggins),
        "end": end,
        "out_side": out_seat,
        "pips": [detail["pips_0"], detail["pips_1"]],
        "award": list(score.end_award),
        "penalties": [
            {
                "side": p["side"],
                "reason": p["reason"],
                "offender": p.get("offender"),
                "offender_name": p.get("offender_name"),
            }
            for p in detail["penalties"]
        ],
        "penalty_points": list(score.penalty_points),
        "points": list(new["points"]),
        "reached_first": detail.get("reached_first"),
    }


def backwards(apps, schema_editor):
    Hand = apps.get_model("scoring", "Hand")
    HandPenalty = apps.get_model("scoring", "HandPenalty")
    HandChange = apps.get_model("scoring", "HandChange")
    for hand in Hand.objects.all().iterator():
        old = _old_snapshot({"number": hand.number, "points": hand.points, "detail": hand.detail})
        for seat in SEATS:
            for part in ("play", "muggins", "pips", "award", "points"):
                setattr(hand, f"{part}_{seat}", old[part][seat])
            setattr(hand, f"penalty_{seat}", old["penalty_points"][seat])
        hand.end = old["end"]
        hand.out_seat = old["out_side"]
        hand.reached_first = old["reached_first"]
        hand.save()
        HandPenalty.objects.bulk_create(
            [
                HandPenalty(
                    hand=hand, seat=p["side"], reason=p["reason"], offender_id=p["offender"]
                )
                for p in old["penalties"]
            ]
        )
    for change in HandChange.objects.all().iterator():
        change.before = _old_snapshot(change.before)
        change.after = _old_snapshot(change.after)
        change.save(update_fields=["before", "after"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0003_hand_points_detail"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
