"""The player's words for a refusal: the one place that turns an error code into a sentence.

The engine and the log/ledger readers raise `CodedError`s (a code and plain params, see
`tmdesktop/rules/errors.py`).  `message(err)` looks the code up in `TEMPLATES`, translates the
template into the active language at call time, and words the params: faction keys become the
faction's translated name, terrain/cult/building keys their translated names, cost dictionaries
the usual `2 W + 3 C`.  Anything that is not a coded error is shown as `str()`.
"""

from __future__ import annotations

import dataclasses

from tmdesktop.app import describe
from tmdesktop.i18n import N_, _
from tmdesktop.rules.data import faction as faction_data
from tmdesktop.rules.errors import CodedError, RuleError
from tmdesktop.safe_text import clean

TEMPLATES = {
    # turns and phases
    "game_over": N_("The game is over."),
    "not_action_phase": N_("That can only be done during the action phase."),
    "not_your_turn": N_("It is not your turn: it is up {to_faction}."),
    "action_taken": N_("You have already taken your action this turn."),
    "no_action_yet": N_("Take an action before ending your turn."),
    "favor_owed": N_("Choose your favor tile first."),
    "town_owed": N_("Choose your town tile first."),
    "cult_step_owed": N_("Choose a cult track for your step first."),
    "volcano_cult_owed": N_("Choose the cult track that pays for your volcano first."),
    "unlock_owed": N_("Choose what your new priest unlocks first."),
    "color_owed": N_("Choose your new terrain colour first."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "not_possible_now": N_("That is not possible now."),
    "unknown_action": N_("Unknown action."),
    "faction_not_playing": N_("{faction} is not playing in this game."),
    "faction_dropped": N_("{faction} has left the game."),
    # choosing factions and colours, first dwellings
    "not_faction_phase": N_("Factions are chosen before the game starts."),
    "color_pending": N_("{faction} must first choose a terrain colour."),
    "favor_pending": N_("{faction} must first take a favor tile."),
    "unknown_faction": N_("Unknown faction {faction}."),
    "faction_taken": N_("{faction} has already been chosen."),
    "faction_needs_option": N_("The {faction} need the Fire & Ice option “{option}”."),
    "home_terrain_taken": N_("Another faction already has {terrain} as its home terrain."),
    "faction_kind_taken": N_("Only one faction of that kind can play: {faction} is already in."),
    "no_color_pick": N_("You have no terrain colour to choose now."),
    "color_pick_order": N_("{faction} chooses a colour first."),
    "color_taken": N_("{terrain} is already taken by another faction."),
    "setup_dwelling_home_only": N_("Your first dwellings must go on your home terrain ({terrain})."),
    "needs_river": N_("The Riverwalkers' dwellings must stand next to a river."),
    "not_your_setup_turn": N_("It is up {to_faction} to place."),
    # the auction
    "auction_not_your_turn": N_("It is not your turn in the auction."),
    "auction_won": N_("The auction is won: choose a faction and a place in the turn order."),
    "bid_out_of_range": N_("Bid between {low} and {high} VP."),
    "first_bidder_must_bid": N_("The first player of an auction must bid (0 is allowed)."),
    "auction_running": N_("The auction is still running."),
    "faction_not_in_auction": N_("{faction} is not up for auction."),
    "slot_taken": N_("Place {slot} in the turn order is taken."),
    "unknown_auction_action": N_("Unknown auction action."),
    "auction_not_over": N_("The auction is not over."),
    # the map: reach, terrain, spades
    "not_land": N_("{hex} is not a land hex."),
    "hex_occupied": N_("{hex} already has a building {of_faction}."),
    "out_of_reach_shipping": N_("{hex} is not reachable: your shipping is {ship} and it is {d} river hexes away."),
    "out_of_reach": N_("{hex} is not reachable from your buildings."),
    "teleport_used": N_("You can tunnel or fly only once per turn."),
    "terrain_fixed": N_("Ice and volcanoes can never be transformed again."),
    "ice_only_for_ice": N_("Only the ice factions cover terrain with ice."),
    "unknown_terrain": N_("Unknown terrain {terrain}."),
    "riverwalkers_no_transform": N_("The Riverwalkers never transform terrain: they unlock it with priests."),
    "already_terrain": N_("{hex} is already {terrain}."),
    "no_spades": N_("You have no spades to use."),
    "not_enough_spades": N_("{hex} needs {n} spades; you have {have}."),
    "volcano_only": N_("Volcano factions only turn terrain into volcanoes."),
    "volcano_in_play_only": N_("Volcanoes are raised with the transform-and-build action."),
    "volcano_cult_short": N_("A volcano here costs {n} steps back on one cult track; no track has them."),
    "sandstorm_desert_only": N_("The sandstorm turns a hex into desert only."),
    "sandstorm_out_of_reach": N_("The sandstorm reaches only hexes directly next to your buildings (no bridges, "
                                 "no shipping)."),
    "riverwalkers_no_dig": N_("The Riverwalkers cannot dig."),
    "dig_at_least_one": N_("Dig at least one spade."),
    "build_where_transformed": N_("After a transformation, this action builds only on the hex transformed, not on {hex}."),
    "dig_after_transform": N_("After a transformation, this action cannot dig more spades."),
    "spades_before_build": N_("Use or discard your {n} spade(s) before building."),
    "no_spade_to_discard": N_("You have no spade to discard."),
    "second_transform_home_only": N_("With the spades left after turning a hex into another terrain, this action "
                                     "can only turn a hex into your home terrain ({terrain})."),
    "dug_spades_kept": N_("Spades you dig must be used in the same action: they cannot be discarded."),
    "dig_unusable": N_("This action cannot use {n} more spade(s): spades you dig must all be used in it."),
    "dug_spades_unused": N_("Spades you dig must all be used in their action: this transformation would leave "
                            "{n} over."),
    "bridge_owed": N_("Place the bridge you took before ending your turn."),
    "volcano_owed": N_("You dug for a volcano: raise it on a hex in reach before ending your turn."),
    "spades_left": N_("You still hold {n} spade(s): use them on the map or discard them before ending your turn."),
    "turn_over": N_("Your turn is over: nothing more can be done after passing or picking a colour."),
    # building
    "no_dwellings_left": N_("All your dwellings are already on the map."),
    "free_dwelling_home_only": N_("Your stronghold's action builds only on your home terrain."),
    "terrain_locked": N_("The Riverwalkers build only on terrain they have unlocked."),
    "no_building_here": N_("You have no building on {hex}."),
    "bad_upgrade": N_("A {frm} cannot be upgraded to a {to}."),
    "no_buildings_left": N_("You have no {kind} left to build."),
    "shipping_at_max": N_("Your shipping is already at its maximum."),
    "digging_at_max": N_("Your digging is already at its maximum."),
    "unknown_track": N_("Unknown track {track}."),
    # resources
    "cannot_afford": N_("{what} costs {cost}; you have {held}."),
    "not_enough_tokens": N_("That needs {n} power tokens; you have {have}."),
    "convert_not_your_turn": N_("Conversions are made in your own turn."),
    "no_worker_to_priest": N_("You cannot turn workers into priests now."),
    "not_enough_workers": N_("You do not have {n} workers."),
    "bad_conversion": N_("Cannot convert {give} into {get}."),
    "burn_not_your_turn": N_("Power is burned in your own turn."),
    "not_enough_to_burn": N_("Burning {n} power needs {m} tokens in bowl II; you have {have}."),
    "no_leech_offer": N_("There is no power offer to answer."),
    "no_token_offer": N_("You have no power token to buy now."),
    "no_vp_for_token": N_("You have no VP to pay for the token."),
    # cults
    "unknown_cult": N_("Unknown cult track {cult}."),
    "no_priest": N_("You have no priest to send."),
    "cult_space_taken": N_("No free {n}-step space on that track."),
    "step_back_owed": N_("Step back {n} on one cult track where you have them."),
    "cannot_step_back": N_("You cannot step back on {cult} now."),
    "no_cult_step": N_("You have no cult step to take."),
    "cult_steps_same_track": N_("Both steps go on the same cult track."),
    # actions and tiles
    "power_action_taken": N_("That power action has already been taken this round."),
    "bonus_tile_not_held": N_("You do not hold bonus tile {tile}."),
    "favor_tile_not_held": N_("You do not hold favor tile {tile}."),
    "no_stronghold_action": N_("You do not have that action (it comes with your stronghold)."),
    "unknown_special_action": N_("Unknown action {name}."),
    "no_spades_for_faction": N_("The {faction} cannot use spades, so {name} is not for them."),
    "action_used": N_("You have already used {name} this round."),
    "already_passed": N_("You have already passed this round."),
    "bonus_tile_needed": N_("Choose a bonus tile when you pass."),
    "no_bonus_last_round": N_("No bonus tile is taken when passing in the last round."),
    "bonus_tile_unavailable": N_("Bonus tile {tile} is not available."),
    "bonus_tile_on_pass": N_("Bonus tiles are taken when passing."),
    "unknown_tile": N_("Unknown tile {tile}."),
    "no_favor_owed": N_("You have no favor tile to take."),
    "favor_tile_held": N_("You already have {tile}: each favor tile at most once."),
    "tile_gone": N_("No {tile} is left."),
    "no_unlock_owed": N_("You have no priest to place now."),
    "terrain_unlocked": N_("{terrain} is already unlocked."),
    # towns and bridges
    "not_across_river": N_("{a} and {b} are not separated by one river hex."),
    "mermaids_only": N_("Only the Mermaids can join a town across a river hex."),
    "river_not_between_own": N_("That river hex does not join two of your buildings."),
    "connect_no_town": N_("Skipping that river hex does not found a town."),
    "bridge_needs_action": N_("A bridge needs the bridge power action (or the Engineers' action)."),
    "no_bridge_slot": N_("A bridge cannot join {a} and {b}."),
    "bridge_exists": N_("There is already a bridge there."),
    "no_bridges_left": N_("You have no bridges left."),
    "bridge_not_connected": N_("One end of the bridge must touch one of your buildings."),
    "no_town_owed": N_("You have not founded a town."),
    # the notation
    "unknown_building": N_("Unknown building {name}."),
    "unreadable_command": N_("Cannot read the command “{text}”."),
    "number_out_of_range": N_("The number {number} in “{text}” is out of range ({least} to {most})."),
    "row_too_long": N_("This row is too long ({n} characters; at most {most})."),
    # game setups (SetupError)
    "bad_player_count": N_("A game has 2 to 5 players, not {players}."),
    "setup_unknown_map": N_("Unknown map {name}."),
    "score1_late": N_("The round scoring tile SCORE1 may not be used in rounds 5 and 6."),
    "unknown_final_scoring": N_("Unknown final scoring tile {tile}."),
    "final_scoring_mismatch": N_("The Fire & Ice final scoring option needs exactly one final scoring tile."),
    "revised_vp_original_map_only": N_("Revised starting VP are played on the original map only, as on the online site."),
    # game logs (LogError) and ledgers (LedgerError)
    "unknown_option": N_("line {line}: unknown option {option}"),
    "unreadable_line": N_("line {line}: cannot read “{text}”"),
    "replay_fault": N_("line {line}: this move could not be replayed ({why})."),
    "no_score_tiles": N_("the log gives no round scoring tiles (`score ...`)"),
    "rejected": N_("line {line}: {refusal}"),
    "unknown_map": N_("line {line}: unknown map {name}"),
    "bad_setup": N_("The game setup is not valid: {refusal}"),
    "bad_columns": N_("line {line}: expected 15 tab-separated columns, found {found}"),
    "unreadable_value": N_("line {line}: unreadable value “{value}”"),
    "unknown_options": N_("Unknown options: {options}"),
    "missing_score_tiles": N_("The six round scoring tiles are not all given."),
    "unknown_score_tiles": N_("Unknown round scoring tile(s): {tiles}."),
    "repeated_score_tiles": N_("Each round scoring tile can be used only once."),
    "unknown_bonus_tiles": N_("Unknown bonus tile(s): {tiles}."),
}

#: What a `cannot_afford` refusal was paying for (its `what` key; the detail params fill it in).
PURCHASES = {
    "dwelling": N_("A dwelling"),
    "building": N_("A {kind}"),
    "advance_ship": N_("Advancing shipping"),
    "advance_dig": N_("Advancing digging"),
    "conversion": N_("This conversion"),
    "power_action": N_("That power action"),
    "special_action": N_("That action"),
    "reach": N_("Reaching {hex}"),
    "spades": N_("{n} spade(s)"),
    "unlock": N_("Unlocking {terrain}"),
}


#: Codes whose `name` is an action's key (BON1, ACT5): told by the action's name, as the board
#: shows no tile numbers.
ACTION_NAMED = frozenset({"no_spades_for_faction", "action_used"})


def message(err: BaseException) -> str:
    """`err` in the player's words, in the active language."""
    if not isinstance(err, CodedError):
        return str(err)
    template = TEMPLATES.get(err.code)
    if template is None:  # a code without words yet: the log form still says what happened
        return str(err)
    words = _words(err.params)
    if err.code in ACTION_NAMED:
        words["name"] = describe.action_name(err.params["name"])
    if err.code == "cannot_afford":
        words["what"] = _(PURCHASES.get(err.params.get("what"), "{what}")).format(**words)
    return _(template).format(**words)


def never_for(faction: str | None, action: str) -> str | None:
    """Why `faction` may never take `action` (the engine's refusal, worded), None if it may: a
    card or a picker says so before the player tries."""
    if faction is None or not faction_data(faction).forbids(action):
        return None
    return message(RuleError("no_spades_for_faction", faction=faction, name=action))


def worded(mismatch):
    """A ledger replay's `Mismatch` whose refused command (if any) is told in the player's words."""
    if isinstance(mismatch.got, CodedError):
        return dataclasses.replace(mismatch, got=message(mismatch.got))
    return mismatch


def _words(params: dict) -> dict:
    """The params as shown: keys of factions, terrains, cults and buildings become names."""
    out = dict(params)
    for key, value in params.items():
        if key == "faction":  # the name, and with its article after "to" and "of" ("alle Streghe")
            out[key] = faction_name(value)
            out["to_faction"], out["of_faction"] = describe.to_faction(value), describe.of_faction(value)
        elif key == "terrain":
            out[key] = describe.terrain(value)
        elif key == "cult":
            out[key] = describe.cult(value)
        elif key in ("kind", "frm", "to"):
            out[key] = describe.building(value)
        elif key == "cost":  # '2 workers + 3 coins', with each language's plurals
            out[key] = " + ".join(describe.amount(n, res) for res, n in value.items() if n)
        elif key in ("options", "tiles"):
            out[key] = ", ".join(map(str, value))
        elif key == "refusal":
            out[key] = message(value)
    if "have" in params and "res" in params:  # what the player holds of what is short
        out["held"] = describe.amount(params["have"], params["res"])
    for side in ("give", "get"):  # a conversion: '3 workers'
        if f"{side}_n" in params:
            out[side] = describe.amount(params[f"{side}_n"], params[side])
    # text that came from a file is shown cleaned and shortened (control characters, long names)
    return {k: clean(v, 300 if k == "refusal" else 60) if isinstance(v, str) else v for k, v in out.items()}


def faction_name(key: str | None) -> str:
    if key is None:
        return _("nobody")
    try:
        return _(faction_data(key).display)
    except KeyError:  # a name typed by someone (an unknown faction): shown as given
        return str(key)
