"""Time: the time controls (banks, trading windows, a bot's patience, vacations) and the
deadline rows each move writes from them."""
