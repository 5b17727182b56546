# 网页自己的文字（两个客户端共用的词在 common.ftl）。
# 记谱、坐标和数字一律不翻译。用词见 docs/glossary.md。

## 页框：页头、导航、窗口标题、连接横幅。

brand = 亚马逊棋
nav-label = 页面
rename = 改名
sound-on = 声音：开
sound-off = 声音：关
language-label = 语言
window-title = { $screen } · 亚马逊棋
screen-lobby = 下棋
screen-match = 对局
screen-games = 棋谱
screen-replay = 复盘
screen-players = 排行榜
screen-player = 棋手
screen-rules = 规则
screen-tournaments = 比赛
screen-tournament = 比赛
banner-connecting = 正在连接…
banner-reconnecting = 连接中断：正在重新连接…
banner-stopped = 服务器已停止。恢复后会自动重新连接…
banner-refused = 服务器拒绝了本页面：{ $reason }
loading = 正在加载…
duration-seconds = { $seconds } 秒
list-separator = ，
pager-label = 分页
pager-page = 第 { $page } 页，共 { $pages } 页
players-versus = { $white } 对 { $black }

## 名字表单。

name-heading = 你的名字
name-explain = 其他人会在大厅和棋盘旁看到它。第一个使用某个名字的浏览器会保留它（用它保存的密钥）；积分对局跟随这个密钥。
name-continue = 继续
name-empty = 请输入名字。

## 读屏软件的播报。

announce-moved = { $side }走了 { $move }
announce-rematch-offered = { $side }邀请再来一局
announce-rematch-declined = 再来一局的邀请被拒绝了

## 大厅。

lobby-heading = 大厅
lobby-create-label = 创建对局
lobby-new-match = 新对局
lobby-time-legend = 时限（分钟 + 每步加秒）
lobby-time-custom = 自定义
lobby-custom-placeholder = 例如 7+2
lobby-custom-label = 自定义时限，分钟+秒
lobby-colour-legend = 你的一方
lobby-colour-random = 随机
lobby-opponent-legend = 对手
lobby-opponent-engine = 引擎
lobby-level-legend = 级别
lobby-level-name = { $level }：{ $description }
lobby-think = 每步秒数
lobby-engine = 引擎
lobby-rated = 积分
lobby-rated-untimed = 不限时的对局为休闲对局。
lobby-rated-hint = 计入等级分；有游客（没有密钥的客户端）参加的对局为休闲对局。
lobby-create = 创建对局
lobby-empty = 还没有对局：创建一个吧。
lobby-matches = 对局列表
lobby-your-games = 你的对局
lobby-your-game = { $players }（{ $status }）
lobby-column-time = 时限
lobby-column-status = 状态
lobby-column-watching = 观战
lobby-seat-free = 空位
lobby-return = 回到对局
lobby-join = 加入
lobby-watch = 观战
lobby-status-waiting = 等待对手
lobby-status-playing = 进行中，第 { $move } 回合
lobby-status-finished = 已结束
time-custom-unreadable = 请写“分钟+秒”，例如 5+3，或写“不限时”
time-custom-minutes = 分钟数须大于 0，且不超过 { $max }
time-custom-increment = 每步加秒不超过 { $max } 秒
computer-no-engine = 没有名为 { $name } 的引擎
computer-level-range = 级别须为 { $levels } 之一
computer-think-range = 思考时间须大于 0，且不超过 { $max } 毫秒

## 对局页面。

game-board-label = 棋盘
game-heading = 对局：{ $white } 对 { $black }
game-free-seat = 空位
game-free-seat-bar = （空位）
game-you = （你）
badge-offline = 离线
game-loading = 正在加载对局…
game-send-move = 走这步
game-cancel = 取消
game-typed-placeholder = 输入着法，例如 d1-d7/g7
game-typed-label = 输入着法
game-typed-play = 走棋
moves-label = 着法
game-confirm-moves = 走棋前确认
game-resign = 认输
game-resign-really = 确定认输？
game-resign-no = 不
game-abort = 中止
game-cancel-match = 取消对局
game-play-here = 在这里下
game-flip = 翻转棋盘
game-spectators = { $count } 人观战
game-on-seat = { $name }（{ $side ->
        [white] 先手
       *[black] 后手
    }）
game-on-watching = 对局开始：{ $white } 对 { $black }。
game-on-your-move-clock = 对局开始：轮到你走，你的棋钟在走。
game-on-your-move = 对局开始：轮到你走。
game-on-their-move = 对局开始：你{ $side ->
        [white] 执先（白）
       *[black] 执后（黑）
    }；{ $opponent }先走。
match-missing = 服务器上没有这个对局（可能已经结束并被清除）。
status-elsewhere = 这个座位正在另一个标签页中下棋。
status-waiting-for-opponent = 等待对手。把本页地址发给对方，或等待有人从大厅加入。
status-over = 对局结束
status-reconnecting-your-move = 正在重新连接… 轮到你走：服务器恢复后即可走棋。
status-reconnecting = 正在重新连接… 服务器恢复后对局继续。
status-sending = 正在发送你的着法…
status-your-move = 轮到你走：{ $prompt }
status-your-move-typed = 轮到你走：请在下方输入
status-to-move = 轮到{ $side }走
status-to-move-watching = 轮到{ $side }走（你在观战）
prompt-queen = 选一个皇后
prompt-destination = { $from } 的皇后：选它走到哪里
prompt-arrow = 皇后走到 { $to }：选放障碍的格子
prompt-confirm = 发送这步，或取消
pick-not-your-move = 还没轮到你
pick-not-a-queen = { $square } 不是你能走的皇后
pick-cannot-move = { $from } 的皇后不能走到 { $square }
pick-cannot-shoot = { $from } 的皇后不能在 { $square } 放障碍
pick-confirm-first = 请先发送或取消这步

## 读屏软件读出的格子名称。

square-white-queen = 先手（白）的皇后
square-black-queen = 后手（黑）的皇后
square-arrow = 障碍
square-empty = 空
square-owner-white = 先手（白）先到达
square-owner-black = 后手（黑）先到达
square-owner-tie = 争夺中
square-owner-none = 双方都到不了
square-target-queen = 可以走
square-target-destination = 可以走到
square-target-arrow = 可以放障碍

## 终局。

result-you-won = 你赢了。
result-you-lost = 你输了。
result-rating-changes = 等级分变化
result-rating-change = { $side } { $name }：
result-offer-rematch = 邀请再来一局
result-rematch-offered = 已邀请再来一局。
result-withdraw = 撤回
result-opponent-offers = 对手邀请你再来一局。
result-accept-rematch = 再来一局
result-decline = 拒绝
result-watch-rematch = 观战下一局
result-replay = 复盘这一局
result-back-to-lobby = 回到大厅

## 已结束的对局与复盘。

games-heading = 已结束的对局
games-column-ended = 结束时间
games-column-result = 结果
games-column-moves = 回合数
games-load-failed = 无法加载对局：{ $reason }
games-empty = 还没有已结束的对局。
games-newer = ← 较新
games-older = 较早 →
record-players = { $white }（先手）对 { $black }（后手）
replay-board-label = 复盘棋盘
replay-slider-label = 着法
replay-download = 下载棋谱（JSON）
replay-first = 第一步
replay-previous = 上一步
replay-next = 下一步
replay-last = 最后一步
replay-flip = 翻转
replay-failed = 无法复盘这一局
replay-heading-prefix = 复盘：
replay-clock = 棋钟 { $clock }
replay-position = { $name }：{ $move }
replay-start = 开局：共 { $moves } 回合（{ $plies } 步）
replay-frame = 第 { $move } 回合，{ $side ->
        [white] 先手
       *[black] 后手
    }（第 { $ply } 步，共 { $plies } 步）
api-no-such-game = 没有这个对局
api-no-such-player = 这里没有这个名字的棋手下过积分对局
api-status = 服务器返回了 { $status }

## 排行榜与棋手页面。

players-filter-label = 谁的等级分
players-filter-all = 全部
players-filter-human = 真人
players-filter-bot = 程序
players-pager-label = 排行榜分页
players-column-rank = 名次
players-column-player = 棋手
players-column-games = 局数
players-column-won = 胜
players-column-lost = 负
players-column-last = 最近对局
players-column-record = 战绩
players-load-failed = 无法加载排行榜：{ $reason }
players-empty = 还没有人下过积分对局。
players-empty-bots = 还没有程序下过积分对局。
players-better = ← 靠前
players-lower = 靠后 →
players-record-line = { $games } 局 · { $wins } 胜 · { $losses } 负 · { $day }
player-record = { $games } 局积分对局：{ $wins } 胜，{ $losses } 负
player-record-line = { $record } · 最近对局 { $day }
player-standing = { $rating } · 第 { $rank } 名
player-no-games = 还没有积分对局
player-load-failed = 无法加载 { $name }：{ $reason }
player-rating-history = 等级分历史
player-recent-games = 最近的对局
player-back = ← 排行榜
player-plot-label = { $name } 的等级分历史
player-plot-empty = 下过第一局积分对局后才有曲线。
player-column-opponent = 对手
player-column-side = 先后手
player-game-won = 胜
player-game-lost = 负
player-game-aborted = 中止
plot-axis-games = 积分对局
plot-point = 第 { $game } 局，{ $day }：{ $rating } ± { $deviation }
plot-description = 从 { $from } 到 { $to } 共 { $games } 局积分对局：第一局后等级分 { $first }，现在 { $last } ± { $deviation }，最低 { $lowest }，最高 { $highest }。

## 规则页面。

rules-heading = 规则
rules-how-to-play = 怎么下
rules-start = 先手（白）的皇后在 a4、d1、g1、j4；后手（黑）的在 a7、d10、g10、j7。先手（白）先走。
rules-move = 每一步分两部分。先像国际象棋的皇后那样走一个自己的皇后：沿横线、竖线或斜线走任意格，只能经过空格。再从它落下的格子像皇后一样放一个障碍。障碍所在的格子到终局都不能再用：棋子不能停在上面，也不能越过它。皇后刚离开的格子可以放障碍。
rules-end = 轮到你时无棋可走，你就输了。一局最多 92 回合。
rules-controls = 操作
rules-mouse-title = 鼠标或触屏：
rules-mouse = 点一个皇后，再点它的目标格，再点放障碍的格子。可以选的格子会标出来。再点一次已选的皇后、点右键或按 Esc 退回一步；点自己的另一个皇后可以换成它。
rules-confirm-title = 走棋前确认
rules-confirm = （触屏上默认打开）：放好障碍后，按“走这步”或“取消”。
rules-keyboard-title = 键盘：
rules-keyboard = 让棋盘获得焦点（Tab），用方向键移动光标，或用 Tab 和 Shift-Tab 在自己的皇后之间跳（跳过最后一个后 Tab 离开棋盘），按 Enter 或空格选择，按 Esc 退回一步。读屏软件会读出每个格子上有什么、能不能选。
rules-typing-title = 输入着法：
rules-typing = 这些写法都可以（最后一种是引擎的写法）；被拒绝的着法会留在输入框里，并显示服务器给出的原因。
rules-clocks-title = 棋钟：
rules-clocks = 5+3 表示每方 5 分钟，每走一步再加 3 秒。时间由服务器计；掉线的棋手会保留座位一分钟，重新加载页面即可回来。

## 比赛：列表、创建表单、比赛页面、“你的对局已就绪”。

tournament-status-round = 第 { $round } 轮（共 { $rounds } 轮）
tournament-status-paused = { $status }，已暂停
tournament-entrants = { $count } 名参赛者
tournament-result-playing = 进行中
tournament-result-not-started = 未开始
tournament-result-forfeit = { $score }（弃权）
tournament-result-double-forfeit = 0–0（双方弃权）
tournament-result-margin = { $score }（领先 { $margin } 步）
tournament-rounds-invalid = 瑞士制的轮数须为 1 或更大的整数
tournaments-create-label = 创建比赛
tournaments-new = 新建比赛
tournaments-title = 名称
tournaments-title-placeholder = 例如：周五机器人赛
tournaments-format-legend = 赛制
tournaments-rounds = 轮数
tournaments-rated-hint = 计入等级分。
tournaments-computers = 电脑参赛者（级别）
tournaments-create = 创建比赛
tournaments-list = 本服务器上的比赛
tournaments-empty = 还没有比赛：创建一个吧。
tournaments-column-tournament = 比赛
tournaments-column-format = 赛制
tournaments-column-status = 状态
tournaments-column-organiser = 组织者
tournament-loading = 正在载入比赛…
tournament-back = ← 全部比赛
tournament-organised-by = 组织者：{ $name }
tournament-actions-label = 比赛操作
tournament-join = 报名
tournament-withdraw = 退出
tournament-start = 开始
tournament-pause = 暂停
tournament-resume = 继续
tournament-end = 结束比赛
tournament-end-confirm = 确定结束？
tournament-enter-computer = 加入
tournament-computer-level = 电脑级别
tournament-level = { $level } 级
tournament-remove = 移除
tournament-remove-label = 把 { $name } 移出比赛
tournament-entrants-heading = 参赛者
tournament-away = 未连接
tournament-withdrawn = 已退出
tournament-rank-short = #
tournament-rank = 名次（同分者名次相同）
tournament-player = 棋手
tournament-points-short = 分
tournament-points = 得分：胜局、轮空和对手弃权
tournament-games-short = 局
tournament-games = 局数：下完的、弃权的和轮空
tournament-no-rounds = 还没有编排任何一轮。
tournament-earlier = 之前的轮次
tournament-board-short = 台
tournament-board = 台次
tournament-result = 结果
tournament-game = 对局
tournament-watch-label = 观战 { $white } – { $black }
tournament-replay = 复盘
tournament-replay-label = 复盘 { $white } – { $black }
tournament-bye = 轮空：{ $name }（计为胜局）
tournament-crosstable-note = 1 胜，0 负，+ 对手弃权而胜，− 弃权而负，· 未下（进行中或尚未配对）
tournament-ready = 你的对局已就绪：第 { $round } 轮，对手 { $opponent }。
tournament-go-to-game = 前往对局
tournament-ready-bar = 你的比赛对局已就绪：第 { $round } 轮，对手 { $opponent }。
tournament-ready-over = 你第 { $round } 轮的对局已结束。
tournament-back-to-tournament = 返回比赛

## 领地：大厅的选项、申请判胜、领地显示、已证明的收官。
lobby-end-when-decided = 领地已定即结束
lobby-end-when-decided-hint = 棋盘一旦分割且数子证明了胜方，对局即结束。不选：继续下，任一方都可以申请判胜。
lobby-assistance = 允许辅助
lobby-assistance-hint = 对局中双方可以查看领地（仅限休闲对局）。
game-claim = 按领地申请判胜
game-decided = 数子已证明结果：{ $result }。
game-decided-claim = 数子已证明结果：{ $result }。任一方都可以申请判胜。
outcome-territory-by = { $winner }按领地胜 { $margin } 步
territory-show = 显示领地
territory-hide = 隐藏领地
territory-counting = 正在数子…
territory-unreadable = 无法读取服务器的数子结果。
territory-decided = { $side }胜 { $margin } 步
territory-regions-label = 封闭区域
territory-region = { $side }：{ $squares } 格，{ $moves } 步
territory-region-nobody = 无人可达：{ $squares } 格，无着法
replay-finish-show = 演示已证明的收官
replay-finish-hide = 隐藏已证明的收官
replay-finish-frame = 已证明的收官：第 { $step } 步，共 { $steps } 步

## 复盘中的对局分析。
analysis-heading = 分析
analysis-analyse = 分析
analysis-queued = 正在等待引擎…
analysis-progress = 第 { $done } 个局面，共 { $total } 个
analysis-progress-label = 分析进度
analysis-done = 分析完成。
api-analysis-busy = 服务器正忙于其他分析，请稍后再试。
api-analysis-off = 这个服务器不提供对局分析。
analysis-graph-label = 先手（白）的胜率，每个局面一个点
analysis-not-yet = 尚未分析。
analysis-played = 实战 { $move }
analysis-best = 最佳 { $move }
analysis-line = 引擎的变化：{ $line }
analysis-loss = −{ $percent }%
analysis-previous-fault = ‹ 上一个失误
analysis-next-fault = 下一个失误 ›
analysis-summary-label = 双方的准确率
analysis-summary = { $side }：准确率 { $accuracy }% · 欠佳 { $inaccuracies } · 失误 { $mistakes } · 大错 { $blunders }
name-taken-here = “{ $name }”已是另一位棋手的名字：另一个浏览器或程序先用了它。请换一个名字；你在这里选的名字在这个浏览器中一直属于你。
match-option-ends-when-decided = 领地已定即结束
match-option-assistance = 允许辅助
territory-key-label = 颜色说明
player-column-rated = 积分或休闲
