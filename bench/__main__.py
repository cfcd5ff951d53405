"""Benchmarks, run with `make bench`: the engine, the pace of a game between people answering
calls to move, then the web (game page and poll, then open pages at rest polling against
holding a stream, then the league pages beside the game page,
then a tournament of 1,000 players: seating a round and its event page, then a step of a long
game's replay, then a web process's first pages against its later ones), the mail/deadline
figures, the calls each player of a daily game gets by channel, and what a game writes and
keeps."""

from bench import (
    async_bench,
    calls_by_channel,
    cold_start,
    engine_bench,
    game_bytes,
    league_bench,
    pace,
    peers,
    replay_step,
    stream_bench,
    tournament_bench,
    web_bench,
)


def main() -> None:
    engine_bench.main()
    peers.main()
    pace.main([])
    web_bench.main()
    stream_bench.main()
    league_bench.main()
    tournament_bench.main()
    replay_step.main()
    cold_start.main()
    async_bench.main()
    calls_by_channel.main([])
    game_bytes.main()


if __name__ == "__main__":
    main()
