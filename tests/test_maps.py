"""The five maps: sizes, labels (maps whose first row is the short one start at row B), bridges."""

import pytest

from tmdesktop.rules.maps import MAP_KEYS, load_board

# land / river hexes and bridge slots, from the map sheets in the reference data
SIZES = {"original": (77, 36, 29), "fire_ice_side1": (77, 35, 33), "fire_ice_side2": (77, 36, 29),
         "loon_lakes": (77, 35, 22), "fjords": (80, 33, 33)}


@pytest.mark.parametrize("key", MAP_KEYS)
def test_map_sizes(key):
    b = load_board(key)
    assert (len(b.land), len(b.rivers), len(b.bridge_slots)) == SIZES[key]


@pytest.mark.parametrize("key,first", [("original", "A1"), ("fire_ice_side2", "A1"), ("fjords", "A1"),
                                       ("fire_ice_side1", "B1"), ("loon_lakes", "B1")])
def test_first_hex_label(key, first):
    assert load_board(key).land[0] == first


def test_original_map_neighbours_and_river_distances():
    b = load_board("original")
    assert b.land_neighbours["E7"] == {"D4", "D5", "E6", "E8", "F4"}
    assert b.ship_distance["E4"]["G1"] == 1 and b.ship_distance["E4"]["C3"] == 3
    assert all(b.is_land(h) for pair in b.bridge_slots for h in pair)
    # every bridge slot joins two land hexes exactly one river hex apart
    for pair in b.bridge_slots:
        x, y = sorted(pair)
        assert b.ship_distance[x][y] == 1
