"""The words players read: cards, colours, events, rules, names and ratings, in the
language of the moment.

This room imports no other room of ``bot.ui``: words are composed, never sent.
"""
