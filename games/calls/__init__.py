"""Calls: how a player is told that a game waits for them or that something happened in it,
by each channel (mail, push, webhooks, the daily digest), where each kind of call goes and
when (routing, quiet hours), the rows written with a move and the payloads they carry."""
