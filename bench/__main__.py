"""Benchmarks, run with `make bench`: the engine, then the web and mail figures."""

from bench import engine_bench


def main() -> None:
    engine_bench.main()


if __name__ == "__main__":
    main()
