"""The analysis dock's sections, one job each: the coach (persona and comment), the
outcome and its proven/estimate badge, the candidate table and its model, the expected
line with the search's figures, and the engine controls (thinking, Stop, study)."""
