"""Benchmarks, run with `make bench`: the engine, then the web and the mail/deadline figures."""

from bench import async_bench, engine_bench, web_bench


def main() -> None:
    engine_bench.main()
    web_bench.main()
    async_bench.main()


if __name__ == "__main__":
    main()
