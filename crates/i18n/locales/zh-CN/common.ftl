# 两个客户端（网页与终端）共用的词：双方、终局、服务器的错误码、棋钟、积分或休闲、
# 对局者、分析、领地与比赛。两端都显示的词只写在这里。用词见 docs/glossary.md。
#
# 由线上名称构成的键：线上名称中的 "_" 写作 "-"。
#   end-reason-<EndReason>          (no_legal_move -> end-reason-no-legal-move)
#   clock-<TimeControlKind>         (clock-untimed, clock-fischer)
#   error-<ErrorCode>               (no_such_match -> error-no-such-match)
#   tournament-format-<FormatName>, -choice
#   tiebreak-<Tiebreak>-short, -legend, -meaning

## 双方：本项目按国际惯例白方先走；中文界面总是先说走棋次序，再在旁边写颜色，
## 从不单独说“白方”或“黑方”。

side-white = 先手（白）
side-black = 后手（黑）
side-white-short = 先手
side-black-short = 后手
plays-white = 执先（白）
plays-black = 执后（黑）

## 终局，每种一句：$winner 与 $loser 是一方的名称。

end-reason-no-legal-move = { $winner }胜：{ $loser }无棋可走
end-reason-resignation = { $winner }胜：{ $loser }认输
end-reason-time = { $winner }胜：{ $loser }超时
end-reason-abandonment = { $winner }胜：{ $loser }离开了对局
end-reason-aborted = 对局已中止
end-reason-illegal-move = { $winner }胜：{ $loser }的程序走出了违规着法
end-reason-engine-failure = { $winner }胜：{ $loser }的程序出错
end-reason-territory = { $winner }胜：领地已定
outcome-abandoned-by-both = 对局结束：双方都已离开
outcome-winner-only = { $winner }胜
outcome-no-winner = 对局结束

## 服务器的错误码。

error-malformed = 服务器无法读取这个请求。
error-unknown-type = 服务器不认识这个请求。
error-too-large = 请求太大。
error-binary-not-supported = 服务器只接受文本消息。
error-rate-limited = 请求太频繁。
error-version-mismatch = 本页面与服务器的协议版本不同。
error-hello-required = 连接尚未就绪。
error-heartbeat-timeout = 连接太久没有响应。
error-already-greeted = 连接已经打开。
error-bad-name = 名字为空、太长或含有无法显示的字符。
error-name-taken = 这个名字属于另一位棋手。
error-server-full = 服务器已满，请稍后再试。
error-too-many-matches = 服务器的对局数已达上限，请稍后再试。
error-no-such-match = 该对局不存在（或已结束并移除）。
error-seat-taken = 这个座位已有人。
error-already-seated = 你在这局中已有座位。
error-bad-token = 这个座位不属于你。
error-not-your-seat = 这个座位由另一个连接占着。
error-not-a-player = 只有对局双方可以这样做。
error-not-started = 对局尚未开始：还有空座位。
error-not-your-turn = 还没轮到你。
error-stale-ply = 这步来得太晚：局面已经变了。
error-bad-move-text = 一步着法由三个格子组成，例如 d1-d7/g7。
error-illegal-move = 这步着法违反规则。
error-game-over = 对局已结束。
error-too-late-to-abort = 双方都已走棋，不能再中止（可以认输）。
error-game-in-progress = 对局正在进行：请先认输或中止。
error-game-not-over = 对局尚未结束。
error-no-rematch-offer = 没有可接受的再来一局邀请。
error-opponent-gone = 对手已经离开。
error-bad-opponent = 服务器不提供这样的电脑对手。
error-computer-busy = 现在没有空闲的电脑对手，请稍后再试。
error-no-such-tournament = 该比赛不存在。
error-key-required = 只有持密钥的棋手可以这样做（游客不行）。
error-not-organiser = 只有组织者可以这样做。
error-registration-closed = 比赛已停止报名。
error-not-entered = 不是这场比赛的参赛者。
error-bad-tournament = 比赛不能这样设置。
error-tournament-not-running = 比赛不在进行中。
error-bad-match-options = 这些对局选项不能同时使用。
error-not-decided = 领地尚未决定胜负。
error-internal = 服务器出错，未做任何更改。

## 积分或休闲。

rated = 积分
casual = 休闲

## 棋钟。

time-control = 时限
clock-untimed = 不限时
clock-fischer = 每方 { $minutes } 分钟，每步加 { $seconds } 秒

## 对局者。

kind-human = 真人
kind-bot = 程序
computer = 电脑
computer-level = { $level } 级
rating = 等级分

## 服务器电脑各级别的简介，从 1 级起。

level-description-1 = 随机走棋
level-description-2 = 贪心：只看一步，计算行动力
level-description-3 = 入门：两步 alpha-beta 搜索，依据行动力
level-description-4 = 贪心：只看一步，评估领地
level-description-5 = 业余：三步浅层 alpha-beta 搜索，依据领地
level-description-6 = 强：深度选择性 alpha-beta 搜索，残局精确计算
level-description-7 = 全力：蒙特卡洛树搜索

## 两个客户端都显示的分析、领地与比赛用词。

analysis-proven-won = { $side }胜
analysis-proven-in = { $side } { $plies } 步内必胜
analysis-chance = { $side }胜率 { $percent }%
analysis-eval = 引擎：{ $eval }
analysis-failed = 分析失败：{ $error }
analysis-class-best = 最佳
analysis-class-good = 好棋
analysis-class-inaccuracy = 欠佳
analysis-class-mistake = 失误
analysis-class-blunder = 大错
territory-counts = 领地：先手（白）{ $white } · 后手（黑）{ $black } · 争夺中 { $contested }
tournament-crosstable = 交叉表
tournament-round = 第 { $number } 轮
tournament-standings = 名次
tournament-status-finished = 已结束
tournament-status-registering = 报名中
tournament-no-entrants = 还没有人报名

## Tournament formats (tournament-format-<name>), and as a choice in a form,
## without the rounds (-choice).

tournament-format-round-robin = 循环赛
tournament-format-double-round-robin = 双循环赛
tournament-format-swiss = 瑞士制 { $rounds } 轮
tournament-format-round-robin-choice = 循环赛
tournament-format-double-round-robin-choice = 双循环赛
tournament-format-swiss-choice = 瑞士制

## Tie-breaks (tiebreak-<name>): a column heading (-short), the heading with
## its name for a legend (-legend), and what it counts (-meaning). One word
## for each tie-break everywhere.

tiebreak-sonneborn-berger-short = 索伯分
tiebreak-sonneborn-berger-legend = 索伯分：Sonneborn-Berger
tiebreak-sonneborn-berger-meaning = 索伯分（Sonneborn-Berger）：所胜对手的得分之和
tiebreak-direct-encounter-short = 直胜
tiebreak-direct-encounter-legend = 直胜：直接对局
tiebreak-direct-encounter-meaning = 直胜：仍然同分的选手之间对局的得分
tiebreak-buchholz-short = 对手分
tiebreak-buchholz-legend = 对手分：Buchholz
tiebreak-buchholz-meaning = 对手分（Buchholz）：所有对手的得分之和
tiebreak-buchholz-cut1-short = 对手分-1
tiebreak-buchholz-cut1-legend = 对手分-1：去掉最低分的对手分
tiebreak-buchholz-cut1-meaning = 对手分-1：去掉最弱一名对手后的对手分
tiebreak-game-score-short = 局分
tiebreak-game-score-legend = 局分：胜方余下的步数
tiebreak-game-score-meaning = 局分：以领地获胜的对局中剩余步数之和
