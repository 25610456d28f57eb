"""The one filter that writes totals and points on the pages (issue 20)."""

from django.template import Context, Template

from tournaments import naming


def shown(value):
    return Template("{% load numbers %}{{ value|number }}").render(Context({"value": value}))


def test_a_negative_total_gets_a_real_minus_sign():
    assert shown(-4) == "\N{MINUS SIGN}4"
    assert shown(-61.5) == "\N{MINUS SIGN}61.5"


def test_zero_positive_and_other_values_stay_as_they_are():
    assert shown(0) == "0"
    assert shown(260) == "260"
    assert shown(61.0) == "61.0"
    assert shown("") == ""
    assert shown(None) == "None"
    assert shown(True) == "True"


def test_totals_are_separated_by_a_mark_no_one_reads_as_a_minus():
    text = naming.result_totals([9, -4, 6])
    assert text == "9 \N{MIDDLE DOT} \N{MINUS SIGN}4 \N{MIDDLE DOT} 6"
    assert "-" not in text and "\N{EN DASH}" not in text
