"""The words of an HTML replay in English and Chinese: board labels, phases, actions, events, expectations.

The engine writes its events in English ("Rushoar deals 3000 damage to Direhowl"). Each sentence
shape it uses has a Chinese form below, in the rulebook's own terms (rules/glossary.yaml: 横置,
打击力, 据点 …); card names are names and stay as they are. A sentence of a shape not listed
is shown in English on both sides, marked `untranslated`, so it is never hidden.

The ready-made deck cards are `normal` and `lucky` (pal_judge/scenarios/ready_made.py); on the
Chinese side 普通帕鲁 and 幸运帕鲁.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

_READY_MADE_ZH = {"normal": "普通帕鲁", "lucky": "幸运帕鲁"}
# What an expectation may name instead of a card (rulings/README.md: selectors).
_SELECTORS_ZH = {"attacking Pal": "攻击帕鲁"}


def card_zh(name: str) -> str:
    """A card's name on the Chinese side: the ready-made cards have Chinese names, other names stay."""
    if name in _SELECTORS_ZH:
        return _SELECTORS_ZH[name]
    return re.sub(r"\b(normal|lucky)\b", lambda m: _READY_MADE_ZH[m.group()], name)


# Labels, phases, states, step names, trigger kinds, decision kinds, reasons.
WORDS = {
    "life": "生命值", "damage": "已受伤害", "material": "素材", "ingredient": "食材", "souls": "灵魂",
    "pal limit": "帕鲁上限", "hand": "手牌", "deck": "牌库", "graveyard": "墓地", "exile": "放逐区",
    "base": "据点", "turn": "回合", "turn player": "回合玩家", "phase": "阶段", "step": "步骤", "night": "夜晚",
    "battle": "战斗", "result": "结果", "card": "卡牌", "state": "状态", "power": "战斗力", "strike": "打击力",
    "keywords": "关键字", "standing": "站立", "rested": "横置", "yes": "是", "no": "否", "outcome": "结局",
    "winner": "胜者", "set-up": "初始局面", "script_exhausted": "脚本执行完毕", "win": "胜利", "draw": "平局",
    "loop_draw": "循环平局", "none": "无", "attacker": "攻击帕鲁", "target": "攻击目标", "soul deck": "灵魂牌库",
    "resources": "资源", "zone": "区域",
    "deck_violations": "组卡违规", "soul_deck": "灵魂牌库", "turn_number": "回合数",
    "pending_damage": "已受伤害", "soul_area": "灵魂区", "attack_target": "攻击目标", "battle_opponent": "战斗对手",
    "battle_step": "战斗步骤", "loop_count": "循环次数", "resolved": "能力的使用顺序",
    "replaced": "适用的替代效果", "redraws": "重新抽换次数", "main_name": "主名称",
    # the fields of an event's before and after (the engine's snapshot and events)
    "oid": "对象编号", "standby": "待机状态", "souls standing": "站立灵魂", "souls rested": "横置灵魂",
    "pals": "帕鲁", "damaged": "受伤害", "seen": "已查看", "first player": "先攻玩家", "X": "X",
    "declared": "宣告", "assigned to": "指派给", "loop count": "循环次数", "battle opponent": "战斗对手",
    "nullified": "攻击失败", "reason": "原因",
    # phases and steps (chapter 7, 9)
    "stand": "重置", "main": "主要", "soul": "灵魂", "end": "结束", "block": "阻挡宣告", "quick": "迅捷",
    # decision kinds
    "pass": "不行动", "choose_targets": "选择对象", "overflow_keep": "超限时保留", "choose_cards": "选择卡牌",
    "up_to": "至多", "redraw": "重新抽换", "optional": "可选", "order_cards": "卡牌顺序",
    "choose_x": "选择X", "choose_one": "选择1项", "declare_name": "宣告卡名", "interrupt_payment": "妨碍的支付",
    "order_triggers": "诱发顺序", "trigger_times": "诱发次数", "order_replacements": "置换顺序",
    # trigger kinds and keyword abilities (chapter 12)
    "on_deploy": "登场时", "on_destroyed": "被送入墓地时", "on_attack": "攻击时", "on_attacked": "被攻击时",
    "on_ally_deployed": "己方帕鲁登场时", "on_ally_destroyed": "己方帕鲁被送入墓地时",
    "start_of_turn": "回合开始时", "end_of_turn": "回合结束时", "delayed": "时限诱发能力",
    "on_block": "阻挡时", "on_assign": "指派时", "on_assigned": "被指派时", "on_battle_damage": "造成战斗伤害时",
    "start_of_game": "游戏开始时", "start_of_phase": "阶段开始时", "start_of_step": "步骤开始时",
    "on_other_rested": "其他卡牌横置时", "on_other_stood": "其他卡牌站立时",
    "end_of_battle": "战斗结束时", "opponent_destroyed": "战斗对手被送入墓地时",
    "until_end_of_battle": "直到战斗结束", "game": "整局游戏",
    "Breakthrough": "突破", "Retaliate": "同归于尽", "Vigilance": "警戒", "Brave": "勇敢", "Serious": "认真",
    "Interrupt": "妨碍",
    "taunt": "挑衅", "stealth": "隐密", "nocturnal": "夜行性", "assault": "袭击", "interrupt": "妨碍",
    "breakthrough": "突破", "retaliate": "同归于尽", "vigilance": "警戒", "brave": "勇敢", "serious": "认真",
    "destroy": "送入墓地", "until_end_of_turn": "直到回合结束",
    # why a card went to the graveyard, zones
    "lethal damage": "致命伤害", "pal overflow": "帕鲁超限", "butchered": "解体",
    "continue": "继续", "keep": "保留", "stop": "停止", "done": "完成", "first": "先攻", "second": "后攻",
    "end_turn": "结束回合", "soul_draw": "支付灵魂抽牌", "concede": "投降", "True": "是", "False": "否",
}

# Sentence shapes: {c} {d} {e} a card, {p} {q} a player, {n} {m} {k} a number, {w} {v} a word of WORDS,
# {t} any text kept as it is.
SENTENCES: tuple[tuple[str, str], ...] = (
    # turns, phases and steps (chapter 7)
    ("turn {n} begins: {p} is the turn player; stand phase", "第{n}回合开始：{p}为回合玩家；重置阶段"),
    ("turn {n} ends; {p} becomes the turn player", "第{n}回合结束；{p}成为回合玩家"),
    ("the beginning of the turn and of the stand phase and of the game", "游戏、回合与重置阶段开始时"),
    ("the beginning of the turn and of the stand phase", "回合与重置阶段开始时"),
    ("the beginning of the draw phase", "抽牌阶段开始时"),
    ("draw phase", "抽牌阶段"),
    ("the beginning of the damage step", "伤害步骤开始时"),
    ("damage step", "伤害步骤"),
    ("the beginning of the block declaration step", "阻挡宣告步骤开始时"),
    ("block declaration step", "阻挡宣告步骤"),
    ("the beginning of the {w} phase", "{w}阶段开始时"),
    ("the beginning of the {w} step", "{w}步骤开始时"),
    ("{w} phase", "{w}阶段"),
    ("{w} step", "{w}步骤"),
    ("end of battle step", "战斗结束步骤"),
    ("the end of the battle: triggers 'at the end of battle'", "战斗结束时：“在战斗结束时”的能力诱发"),
    ("the battle ends; the attacking pal is no longer attacking", "战斗结束；攻击的帕鲁不再处于攻击状态"),
    ("the battle ends", "战斗结束"),
    ("the attacking pal is no longer attacking", "攻击的帕鲁不再处于攻击状态"),
    ("end of battle step repeats: abilities still to trigger or resolve", "战斗结束步骤重复：仍有能力待诱发或结算"),
    ("{p} stands {n} base card(s) and {m} soul(s)", "{p}将据点的{n}张卡牌与{m}个灵魂重置为站立状态"),
    ("{p} moves {n} soul(s) from the soul deck to the soul area", "{p}将{n}个灵魂从灵魂牌库移到灵魂区"),
    ("{p} ends the main phase", "{p}结束主要阶段"),
    ("{p} goes first: no draw phase on the first turn", "{p}先攻：第一回合没有抽牌阶段"),
    ("it becomes night", "进入夜晚"),
    ("night ends", "夜晚结束"),
    ("{n} effect(s) lasting until end of turn end", "{n}个持续到回合结束的效果消灭"),
    # cards moving (chapters 4, 5)
    ("{c} is deployed", "{c}登场"),
    ("{p} deploys {c} from graveyard", "{p}从墓地使{c}登场"),
    ("{p} deploys {c} from hand", "{p}从手牌使{c}登场"),
    ("{p} plays {c}", "{p}使用{c}"),
    ("{c} enters {p}'s base", "{c}进入{p}的据点"),
    ("{c} is put into {p}'s graveyard ({w})", "{c}被送入{p}的墓地（{w}）"),
    ("{c} is put into {p}'s graveyard (effect of {d})", "{c}因{d}的效果被送入{p}的墓地"),
    ("{c} goes to the graveyard after resolving", "{c}结算后送入墓地"),
    ("{c} goes to the bottom of the deck", "{c}放到牌库底"),
    ("{p} puts {c} on the bottom of the deck next", "{p}接着将{c}放到牌库底"),
    ("{p} puts {c} from the top of the deck into the graveyard (Lucky)", "{p}将牌库顶的{c}送入墓地（幸运）"),
    ("{p} puts {c} from the top of the deck into the graveyard", "{p}将牌库顶的{c}送入墓地"),
    ("{c} is placed in the hand", "{c}放置到手牌"),
    ("{c} is placed in the base", "{c}放置到据点"),
    ("{c} is placed on the deck top", "{c}放置到牌库顶"),
    ("{c} is placed on the deck bottom", "{c}放置到牌库底"),
    ("{c} is exiled", "{c}被放逐"),
    ("{c} is exchanged into the hand", "{c}交换到手牌"),
    ("{c} is exchanged into the base", "{c}交换到据点"),
    ("the exchange cannot be done: nothing happens", "无法交换：什么也不发生"),
    ("{p} draws a card", "{p}抽1张牌"),
    ("{p} cannot draw: the deck is empty", "{p}无法抽牌：牌库为空"),
    ("{p} stops drawing after {n}", "{p}抽{n}张后停止"),
    ("{p} has drawn {n}: the instruction ends", "{p}已抽{n}张：指示结束"),
    ("draw up to {n}: nothing happens", "至多抽{n}张：什么也不发生"),
    ("{p} shuffles the deck", "{p}将牌库洗牌"),
    ("{p} discards {c} (cost)", "{p}丢弃{c}（费用）"),
    ("{p} discards {c}", "{p}丢弃{c}"),
    ("{p} returns the hand to the deck", "{p}将手牌放回牌库"),
    ("{p} reveals and takes {c}", "{p}展示并取得{c}"),
    ("{p} looks at card {n} from the top of {q}'s deck", "{p}查看{q}牌库顶起第{n}张牌"),
    ("{p} looks at the top {n} card(s) of {q}'s deck", "{p}查看{q}牌库顶的{n}张牌"),
    ("{p} stops looking", "{p}停止查看"),
    ("look at up to {n}: nothing happens", "至多查看{n}张：什么也不发生"),
    # states, power, resources (chapters 3, 5)
    ("{c} rests", "{c}横置"),
    ("{c} stands", "{c}重置为站立状态"),
    ("{c} is already rested: nothing happens", "{c}已是横置状态：什么也不发生"),
    ("{c} is already standing: nothing happens", "{c}已是站立状态：什么也不发生"),
    ("{c} gets {w} ({v})", "{c}获得{w}（{v}）"),
    ("{c} gets {n} power ({w})", "{c}战斗力{n}（{w}）"),
    ("{c} gets {n} strike ({w})", "{c}打击力{n}（{w}）"),
    ("{c}: power {n} (printed {m}) under continuous effects", "{c}：受永续效果影响，战斗力{n}（印刷值{m}）"),
    ("{p} gains {n} material", "{p}获得{n}个素材"),
    ("{p} gains {n} ingredient", "{p}获得{n}个食材"),
    ("{p} loses {n} material", "{p}失去{n}个素材"),
    ("{p} consumes {n} material", "{p}消耗{n}个素材"),
    ("{p} consumes {n} ingredient", "{p}消耗{n}个食材"),
    ("{p}'s life changes by {n}", "{p}的生命值变化{n}"),
    ("{p} pays {n} soul", "{p}支付{n}个灵魂"),
    ("{p} pays the cost in the order written: soul {n}, then discard self {m}",
     "{p}按书写顺序支付费用：灵魂{n}，然后丢弃自身{m}"),
    ("{p} pays the cost in the order written: soul {n}, then discard {m}",
     "{p}按书写顺序支付费用：灵魂{n}，然后丢弃{m}"),
    ("{p} pays the cost in the order written: rest self {n}, then soul {m}",
     "{p}按书写顺序支付费用：横置自身{n}，然后灵魂{m}"),
    ("{p} assigns {c} (cost)", "{p}指派{c}（费用）"),
    ("{c} is assigned to {d}", "{c}被指派给{d}"),
    ("damage is removed from {c}", "{c}的伤害被移除"),
    ("effects on {c} end: it left the base", "{c}上的效果消灭：它已离开据点"),
    # battle (chapter 9)
    ("{p} starts a battle: {c} attacks player {q}", "{p}开始战斗：{c}攻击玩家{q}"),
    ("{p} starts a battle: {c} attacks {d}", "{p}开始战斗：{c}攻击{d}"),
    ("{c} and {d} are battle opponents", "{c}与{d}互为战斗对手"),
    ("{p} blocks with {c}", "{p}用{c}阻挡"),
    ("{p} does not block", "{p}不阻挡"),
    ("{c} cannot block: {p} has no pal that can block", "{c}无法被阻挡：{p}没有可以阻挡的帕鲁"),
    ("{c} cannot be blocked", "{c}不能被阻挡"),
    ("{c}: cannot block until end of turn", "{c}：直到回合结束不能阻挡"),
    ("{p} has no quick card or ability to use", "{p}没有可使用的迅捷卡牌或能力"),
    ("{p} passes the quick step", "{p}在迅捷步骤中不行动"),
    ("{c} deals {n} damage to {p}", "{c}对{p}造成{n}点伤害"),
    ("{c} deals {n} damage to {d}", "{c}对{d}造成{n}点伤害"),
    ("{c} is a structure: it deals no damage back", "{c}是建筑物：不造成反击伤害"),
    ("{c} has power {n}: it deals no damage", "{c}战斗力为{n}：不造成伤害"),
    ("{c} has strike {n}: no damage", "{c}打击力为{n}：没有伤害"),
    ("the attacking pal or the target is gone: no damage", "攻击的帕鲁或攻击目标已离开：没有伤害"),
    ("the attack is nullified", "攻击失败"),
    ("the attack was nullified: straight to the end of battle step", "攻击已失败：直接进入战斗结束步骤"),
    ("{p} resolves {n} damage", "{p}结算{n}点伤害"),
    ("no damage to {p} (amount {n})", "{p}不受伤害（数值{n}）"),
    ("{p} loses {n} life ({m} card(s) put, no Lucky)", "{p}失去{n}点生命值（放置{m}张牌，没有幸运）"),
    ("Lucky! {p}'s {n} damage is cancelled", "幸运！{p}的{n}点伤害被取消"),
    # abilities (chapter 10, 12)
    ("{c}: {w} {n} triggers", "{c}：{w}{n}诱发"),
    ("{c}: {w} {n} is used", "{c}：使用{w}{n}"),
    ("{c}: {w} triggers", "{c}：{w}诱发"),
    ("{c}: {w} is used", "{c}：使用{w}"),
    ("{c}: {t} triggers", "{c}：{t}诱发"),  # an ability's own name (a name, kept as it is)
    ("{c}: {t} is used", "{c}：使用{t}"),
    ("{c}: {w} is not used: its use limit is reached", "{c}：{w}未使用：已达使用次数限制"),
    ("{c}: {w} is not used", "{c}：{w}未使用"),
    ("{c}: {w} cannot be used: its cost cannot be paid", "{c}：{w}无法使用：无法支付费用"),
    ("{c}: a delayed ability waits for {w}", "{c}：时限诱发能力等待{w}"),
    ("{c}: {w} is replaced", "{c}：{w}被置换"),
    ("{c}'s destroy is replaced ({d}: {t})", "{c}被送入墓地的处理被置换（{d}：{t}）"),
    ("{c}'s damage is replaced ({d}: {t})", "{c}受到的伤害被置换（{d}：{t}）"),
    ("{c}: the replacement's choice cannot be made, so it does not apply", "{c}：无法进行置换所需的选择，因此不适用"),
    ("{c}: replacement cannot be applied", "{c}：置换无法适用"),
    ("{c}: the amount is {n} (count of matching cards)", "{c}：数值为{n}（符合条件的卡牌数）"),
    ("{c}: the amount is {n} ({w} of no card)", "{c}：数值为{n}（没有卡牌）"),
    ("{c}: the amount is {n} (strike of {d})", "{c}：数值为{n}（{d}的打击力）"),
    ("{c}: the amount is {n} (power of {d})", "{c}：数值为{n}（{d}的战斗力）"),
    ("{c}: time {n} of {m}", "{c}：第{n}次，共{m}次"),
    ("{p} uses {c}: {t}", "{p}使用{c}：{t}"),
    ("{p} applies {c}: {t} first", "{p}先适用{c}：{t}"),
    ("{p} chooses X = {n} for {c}", "{p}为{c}选择X = {n}"),
    ("{p} chooses option {n}; the others do not exist for this use", "{p}选择第{n}项；本次使用中其他选项视为不存在"),
    ("{p} chooses no more", "{p}不再选择"),
    ("{p} chooses {c}", "{p}选择{c}"),
    ("{p} declares '{c}'", "{p}宣告“{c}”"),
    ("{c} has the name '{d}'", "{c}拥有卡名“{d}”"),
    ("nothing can be chosen: the effects on it are ignored", "没有可选择的对象：与其相关的效果被忽略"),
    ("only {n} of {m} can be chosen: all of them are", "只能选择{m}个中的{n}个：全部选择"),
    ("these rule actions are performed at the same time", "这些规则处理同时执行"),
    ("{p} has {n} pals, limit {m}: keeps {t}", "{p}有{n}只帕鲁，上限{m}：保留{t}"),
    ("the attacking pal is no longer attacking", "该帕鲁不再是攻击帕鲁"),
    ("the battle ends", "战斗结束"),
    # loops (13.1)
    ("the same game state recurs: this is a loop a player can stop", "同一游戏状态再次出现：这是玩家可以停止的循环"),
    ("a loop that a player can stop: {p} declares {n}; it is performed {m} more time(s)",
     "玩家可以停止的循环：{p}宣告{n}次；再执行{m}次"),
    ("a loop that a player can stop: {p} declares {n}, {q} declares {k}; it is performed {m} more time(s)",
     "玩家可以停止的循环：{p}宣告{n}次，{q}宣告{k}次；按最少的次数再执行{m}次"),
    ("the game state is the same as before the declared loop: {p} cannot perform it again",
     "游戏状态与宣告循环前相同：{p}不能再次执行"),
    # the game's start and end (chapters 1, 6)
    ("{p} presents a legal {n}-card main deck", "{p}出示合法的{n}张主卡组"),
    ("each player puts {n} souls in the soul deck", "每位玩家将{n}个灵魂放入灵魂牌库"),
    ("life {n}, damage {m}, resources {k} for each player", "每位玩家：生命值{n}，已受伤害{m}，资源{k}"),
    ("{p} is chosen at random and decides that {q} goes first", "随机选择{p}，由{p}决定{q}先攻"),
    ("{p} goes first (decided before the game starts here)", "{p}为先手（在本局开始的时点之前已决定）"),
    ("{p} goes second and moves {n} soul to the soul area", "{p}后攻，将{n}个灵魂移到灵魂区"),
    ("{p} is the turn player: the game begins", "{p}为回合玩家：游戏开始"),
    ("{p}'s deck is not legal: {n} cards with a Lucky icon; at most {m}", "{p}的卡组不合法：{n}张带幸运图标的卡牌；至多{m}张"),
    ("{p}'s deck is not legal: {n} cards named '{c}'; at most {m} of the same name",
     "{p}的卡组不合法：{n}张名为“{c}”的卡牌；同名至多{m}张"),
    ("{p}'s deck is not legal: the main deck has {n} cards; it must have exactly {m}",
     "{p}的卡组不合法：主卡组有{n}张；必须正好{m}张"),
    ("{p}'s deck uses a deck-building ability", "{p}的卡组使用了组卡能力"),
    ("{p} concedes", "{p}投降"),
    ("game ends: {p} concedes", "游戏结束：{p}投降"),
    ("game ends: {p}'s life is {n}, {q} loses", "游戏结束：{p}的生命值为{n}，{q}败北"),
    ("game ends: {p}'s deck is empty, {q} loses", "游戏结束：{p}的牌库为空，{q}败北"),
    ("game ends: both players lose at once: {p}'s life is {n}; {q}'s life is {m}",
     "游戏结束：双方同时败北：{p}的生命值为{n}；{q}的生命值为{m}"),
    ("game ends: an effect makes {p} win", "游戏结束：效果使{p}获胜"),
    ("game ends: an effect makes {p} lose", "游戏结束：效果使{p}败北"),
    ("game ends: infinite loop that no player can stop", "游戏结束：任何玩家都无法停止的无限循环"),
    ("game ends: rule actions repeat without end ({n} rounds in one check timing)",
     "游戏结束：规则处理无休止地重复（一次检查时点内{n}轮）"),
    # the scripted actions of a scenario (rulings/README.md)
    ("concede {p}", "{p}投降"),
    ("play {c} targets={t}", "使用{c}，对象{t}"),
    ("play {c}", "使用{c}"),
    ("quick {c}", "在迅捷步骤中使用{c}"),
    ("activate {c}", "启动{c}"),
    ("attack {c} -> player", "{c}攻击玩家"),
    ("attack {c} -> {p}", "{c}攻击玩家{p}"),
    ("attack {c} -> {d}", "{c}攻击{d}"),
    ("block none", "不阻挡"),
    ("block {c}", "用{c}阻挡"),
    ("deck check ({t})", "卡组检查（{t}）"),
    ("interrupt {c} {t}", "妨碍：{c} {t}"),
    ("choose {n} times", "选择{n}次"),
    ("{n} times", "{n}次"),
    ("option {n}", "第{n}项"),
    ("player {p}", "玩家{p}"),
    ("discard {c}", "丢弃{c}"),
    ("{c}: {w}", "{c}：{w}"),
    ("choose option {n}", "选择第{n}项"),
    ("choose {n}", "选择{n}"),
    ("choose {w}", "选择{w}"),
    ("choose {c}: {w}", "选择{c}：{w}"),
    ("choose {c}", "选择{c}"),
    # a step observed in the middle of its events (rulings/README.md: `at:`)
    ("{t} (observed after {e} #{n})", "{t}（于第{n}个引用{e}的事件之后观察）"),
    # expectations (rulings/README.md: expect) and attempts (rulings/README.md: attempt)
    ("{p}: {t} is refused by {e}", "{p}：{t}被规则拒绝（{e}）"),
    # `options:` steps (rulings/README.md: steps): what the player asked may (not) choose now
    ("option of {p} is a decision of {q}", "当前的选择由{q}作出"),
    ("option of {p} is may not {t}", "{p}现在不可以选择{t}"),
    ("option of {p} is may {t}", "{p}现在可以选择{t}"),
    ("{w} of {p} is {t}", "{p}的{w}为{t}"),
    ("{w} of {c} is {t}", "{c}的{w}为{t}"),
    ("{w} is {t}", "{w}为{t}"),
)

_SLOTS = {"c": r".+?", "d": r".+?", "e": r".+?", "p": r"[AB]", "q": r"[AB]", "n": r"[+-]?\d+", "m": r"[+-]?\d+",
          "k": r"[+-]?\d+", "w": r"[A-Za-z_ ]+?", "v": r"[A-Za-z_ ]+?", "t": r".+?"}


def _compile(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w)\}", template)
    pattern = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>{_SLOTS[p]})" for i, p in enumerate(parts))
    return re.compile(pattern)


_COMPILED = tuple((_compile(en), zh) for en, zh in SENTENCES)


def _word(value: str) -> str | None:
    return WORDS.get(value) or WORDS.get(value.replace("_", " "))


def _free_text(value: str) -> str:
    """Text inside a sentence (an action, a list, a value): a known sentence, else its known words translated."""
    return zh_of(value) or card_zh(re.sub(r"[A-Za-z_]+", lambda m: WORDS.get(m.group(), m.group()), value))


_FILL: dict[str, Callable[[str], str]] = {"c": card_zh, "d": card_zh, "e": card_zh, "t": _free_text}


@lru_cache(maxsize=16384)  # a site's replays say some 90,000 sentences and labels, a few thousand distinct
def zh_of(english: str) -> str | None:
    """The Chinese of one replay sentence or label (card names already as judges write them), or None."""
    english = english.strip()
    word = _word(english) or WORDS.get(english.replace(" ", "_"))
    if word is not None:
        return word
    for pattern, zh in _COMPILED:
        match = pattern.fullmatch(english)
        if match is None:
            continue
        values = match.groupdict()
        words = {k: _word(v) for k, v in values.items() if k in "wv"}
        if any(w is None for w in words.values()):
            continue  # a word this table does not know: try the next shape
        filled = {k: words.get(k) or _FILL.get(k, str)(v) for k, v in values.items()}
        return zh.format(**filled)
    return None
