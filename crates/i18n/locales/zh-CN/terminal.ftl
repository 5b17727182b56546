# The terminal client's messages (amazons-client), Simplified Chinese.
# Words both clients use (sides, end reasons, error codes, time controls,
# rated/casual) are in common.ftl.

## 句中的对局用词（face/words.rs）。中文总是先说走棋次序，再写颜色。

side-word-white = { side-white }
side-word-black = { side-black }
side-word-white-short = { side-white-short }
side-word-black-short = { side-black-short }
game-result-no-legal-move = { end-reason-no-legal-move }
game-result-resignation = { end-reason-resignation }
game-result-time = { end-reason-time }
game-result-abandonment = { end-reason-abandonment }
game-result-aborted-won = { $winner }胜：对局中止
game-result-illegal-move = { end-reason-illegal-move }
game-result-engine-failure = { end-reason-engine-failure }
game-result-abandoned-by-both = { outcome-abandoned-by-both }
game-result-aborted = { end-reason-aborted }
game-result-no-winner = 对局结束（{ $reason }）
reason-no-legal-move = 无棋可走
reason-resignation = 认输
reason-time = 超时
reason-abandonment = 离开对局
reason-aborted = 中止
reason-illegal-move = 违规着法
reason-engine-failure = 程序出错
status-waiting = 等待中
status-playing = 对局中
status-finished = 已结束
illegal-game-over = 对局已经结束
illegal-no-queen = { $square } 上没有皇后
illegal-not-your-queen = { $square } 上的皇后不是你的
illegal-queen-not-in-line = 皇后沿横线、竖线或斜线走：{ $from } 到 { $to } 不是这样的一步
illegal-queen-path-blocked = 皇后的路线在 { $square } 被挡住
illegal-arrow-not-in-line = 障碍沿横线、竖线或斜线放：{ $from } 到 { $to } 不是这样的一射
illegal-arrow-path-blocked = 障碍的路线在 { $square } 被挡住
move-text-empty = 空着法：请输入三个格子，例如 d1-d7/g7
move-text-unexpected = 着法中有意外的“{ $found }”：请输入三个格子，例如 d1-d7/g7
move-text-bad-square = { $part }有误：{ $why }
move-part-from = 皇后的起点
move-part-to = 皇后的落点
move-part-arrow = 障碍格
square-missing = 缺少格子
square-bad-file = “{ $text }”不是格子：列从 a 到 j
square-bad-rank = “{ $text }”不是格子：行从 1 到 10
move-text-square-count = 一步要写三个格子（皇后起点、落点、障碍），这里有 { $found } 个
move-text-arrow-not-from-destination = UCI 着法：障碍必须从皇后的落点 { $to } 放出，而不是从 { $from }
time-control-syntax = “{ $text }”不是时限：写 untimed（不限时）或 分钟+秒，如 5+3（或 10s+0.1）
time-control-no-initial = 棋钟的起始时间必须多于 0 秒
time-control-initial-too-long = 棋钟的起始时间最多 24 小时
time-control-increment-too-large = 每步加时最多 1 小时
