"""What every layer may use: the refusals services raise, numbers typed by people read safely,
and words kept to be worded for each reader."""
