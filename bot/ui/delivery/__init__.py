"""What a change sends and through which token: the board's courier, the table message,
the hand refreshes, the pings, the pictures, and the tables shown again after a restart.
"""
