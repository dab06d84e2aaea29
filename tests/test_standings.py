"""The final standing: one place per faction, a tie sharing its place (the scoring screen and the
final scores dialog both show it)."""

from tmdesktop.rules.scoring import places


def test_a_tie_shares_its_place_and_the_next_place_counts_everybody_above():
    assert places({"witches": 140, "nomads": 120, "giants": 120, "mermaids": 90}) == {
        "witches": 1, "nomads": 2, "giants": 2, "mermaids": 4}
    assert places({"witches": 101, "nomads": 101}) == {"witches": 1, "nomads": 1}
    assert places({"witches": 80, "nomads": 99, "giants": 99}) == {"witches": 3, "nomads": 1, "giants": 1}
    assert places({"witches": 0}) == {"witches": 1}
    assert places({}) == {}
