"""机戦 screens: table companion (hand calculator, season ledger, sticks, print) and digital
play (the board with bots)."""
