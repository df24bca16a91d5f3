"""What the voice benchmark says: commands as players say them, and the room's talk.

Commands come in three kinds: ``CORE`` (said in every set: the one-word commands and
the two sentences every player uses), ``COMMON`` (what players actually say, split
between the development and test sets by phrase) and samples of the project's templates
(split by template line). ``{amount}`` is filled with a legal amount in the case's
betting context. Table talk and TV lines contain no command (the benchmark checks that
the parser agrees); each comes in two pools, A for the development set and B for the
test and held-out sets.
"""

from __future__ import annotations

CORE = ("call", "fold", "check", "pot", "all in", "raise to {amount}", "bet {amount}",
        "yes", "no")

COMMON = (
    # actions
    "i call", "i'll call", "call it", "call the bet", "i fold", "fold it", "i'm out",
    "check it", "i check", "i'm all in", "shove", "raise {amount}", "raise it to {amount}",
    "make it {amount}", "bet {amount} chips", "raise by {amount}", "half pot",
    "bet half the pot", "raise pot", "pot it", "bet the pot", "min raise", "minimum bet",
    "raise the minimum", "double it", "three x", "raise to three x", "bet three big blinds",
    "two thirds pot", "bet a third of the pot", "three quarters pot", "raise", "bet",
    "{amount}", "okay i call", "i'll check", "just call", "going all in",
    # questions
    "what's the pot", "how much to call", "what are my cards", "what's on the board",
    "whose turn is it", "what are my odds", "say that again", "help", "what happened",
    "how much do i have",
    # table commands
    "deal", "next hand", "pause", "resume", "mute the bots", "cancel", "sit out",
    "deal me in", "rebuy",
    # yes and no
    "yeah", "nope", "go ahead", "yes please", "no thanks",
)

TALK_A = (
    "did you see the match last night it went to extra time",
    "can you pass me the crisps please",
    "i think the oven timer just went off",
    "she said she would be here around eight but she is always late",
    "that bot has been bluffing all evening if you ask me",
    "honestly i would have played that hand differently",
    "my sister is moving to a new flat next month",
    "the traffic on the way here was terrible",
    "who wants another drink while i am up",
    "i read that the weather will be warm this weekend",
    "he always looks so serious when he has good cards",
    "we should order pizza after this round",
    "i can never remember which hand beats which",
    "the new neighbours have a very loud dog",
    "did anyone feed the cat this morning",
    "that was a lucky river for the computer",
    "my phone battery is almost dead again",
    "remember to bring the chairs back inside later",
    "i have to get up early tomorrow for work",
    "this music is a bit too loud for me",
    "the last time we played i lost everything in an hour",
    "look at the size of that stack over there",
    "i wonder what the bots are thinking",
    "let me tell you about my holiday in spain",
    "the kids finally went to sleep upstairs",
    "could you turn the lights down a little",
    "he never folds when he has a pair",
    "i bet the weather ruins the picnic again",
    "my coffee has gone completely cold",
    "we ran out of milk so i will go to the shop",
)

TALK_B = (
    "the film we saw on friday was much too long",
    "are there any more of those little sandwiches",
    "i need to call my mother back tomorrow",
    "the garden looks lovely since you planted the roses",
    "that computer player seems to raise every single time",
    "i should have stayed in bed this morning",
    "my cousin is getting married in the summer",
    "the bus was twenty minutes late again today",
    "does anyone know where i left my glasses",
    "they are building a new school near the station",
    "you always smile when the cards are bad",
    "we could go for a walk if it stops raining",
    "i never understood the rules of cricket",
    "the heating in this room never works properly",
    "has someone taken the dog out for a walk",
    "what a strange hand that turned out to be",
    "i left my keys in the car yesterday",
    "please remind me to water the plants",
    "the meeting on monday went on for hours",
    "this chair is really not very comfortable",
    "last summer we drove all the way to scotland",
    "the chips on the table are all mixed up",
    "i think the computer is much better than us",
    "my brother collects old records from the sixties",
    "the baby is finally asleep so keep your voice down",
    "can you open the window it is getting warm",
    "she folds the laundry while watching television",
    "i will pay you back for the tickets next week",
    "the soup needs a little more salt",
    "we are thinking about painting the kitchen blue",
)

TV_A = (
    "and now the weather for the rest of the week with sunshine in the south",
    "the prime minister spoke to reporters outside parliament this afternoon",
    "scientists say the new telescope has found a planet like our own",
    "in football tonight the home side came back from two goals down",
    "traffic is heavy on the motorway after an accident near the junction",
    "stay with us after the break for the latest business news",
    "the museum opens its new exhibition of ancient coins on saturday",
    "shares in technology companies fell sharply in early trading",
    "a warm welcome back to the show tonight we have a very special guest",
    "rain is expected to spread from the west during the evening",
    "the final will be played in front of a sold out crowd",
    "experts are warning that prices could rise again next year",
)

TV_B = (
    "good evening and welcome to the late news from our studio",
    "firefighters worked through the night to bring the blaze under control",
    "the orchestra will tour twelve cities across the country this autumn",
    "in tennis the champion won in straight sets to reach the semi final",
    "heavy snow has closed several mountain roads in the north",
    "coming up after the adverts the best goals of the season so far",
    "the bank has left interest rates unchanged for the third month",
    "a new study suggests that walking every day improves your sleep",
    "our reporter has been speaking to farmers about the dry summer",
    "the film festival opened last night with a comedy from france",
    "tomorrow will start cloudy but it should brighten up by lunchtime",
    "the minister said the new railway line will open in two years",
)
