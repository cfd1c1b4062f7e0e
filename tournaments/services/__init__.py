"""Every write of the app: keyword-only functions named ``<entity>_<action>``, each inside one
transaction that also writes the audit log. Views, the demo command and the tests all write
through these."""

from tournaments.services.deals import (
    DealConflict,
    Recorded,
    deal_confirm,
    deal_correct,
    deal_record,
    deal_undo,
    deal_void,
)
from tournaments.services.exchange import (
    tournament_import,
    tournament_replace,
    tournament_restore,
)
from tournaments.services.organisers import (
    organiser_invite,
    organiser_remove,
    table_links_renew,
)
from tournaments.services.public import shown_version_advance
from tournaments.services.registration import (
    parse_player_list,
    player_add,
    player_check_in,
    player_edit,
    player_withdraw,
    players_add_list,
    team_add,
    team_rename,
    tournament_create,
    tournament_settings,
)
from tournaments.services.rounds import (
    drawable_players,
    playable_table_sizes,
    round_draw,
    round_lock,
    round_undraw,
    seat_replace,
    seats_swap,
    tournament_finish,
)

__all__ = [
    "DealConflict",
    "Recorded",
    "deal_confirm",
    "deal_correct",
    "deal_record",
    "deal_undo",
    "deal_void",
    "drawable_players",
    "organiser_invite",
    "organiser_remove",
    "parse_player_list",
    "playable_table_sizes",
    "player_add",
    "player_check_in",
    "player_edit",
    "player_withdraw",
    "players_add_list",
    "round_draw",
    "round_lock",
    "round_undraw",
    "seat_replace",
    "seats_swap",
    "shown_version_advance",
    "table_links_renew",
    "team_add",
    "team_rename",
    "tournament_create",
    "tournament_import",
    "tournament_replace",
    "tournament_restore",
    "tournament_finish",
    "tournament_settings",
]
