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
game-result-territory = { end-reason-territory }
game-result-territory-by = { $winner }胜 { $margin } 步：领地已定
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
reason-territory = 领地
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
move-text-bad-square = { $part }有误：列从 a 到 j，行从 1 到 10
move-part-from = 皇后的起点
move-part-to = 皇后的落点
move-part-arrow = 障碍格
move-text-square-count = 一步要写三个格子（皇后起点、落点、障碍），这里有 { $found } 个
move-text-arrow-not-from-destination = UCI 着法：障碍必须从皇后的落点 { $to } 放出，而不是从 { $from }
time-control-syntax = “{ $text }”不是时限：写 untimed（不限时）或 分钟+秒，如 5+3（或 10s+0.1）
time-control-no-initial = 棋钟的起始时间必须多于 0 秒
time-control-initial-too-long = 棋钟的起始时间最多 24 小时
time-control-increment-too-large = 每步加时最多 1 小时

## 帮助（face/help.rs）：规则、每个画面的按键、纯文本模式。

help-rules =
    怎么下
    先手（白）的皇后在 a4 d1 g1 j4，后手（黑）的在 a7 d10 g10 j7；先手先走。
    一步：把自己的一个皇后像国际象棋的后那样走（沿横线、竖线或斜线走任意
    格，只经过空格），然后从它的落点像后一样放一个障碍（×）。障碍格在本局
    余下的时间里不能再用。皇后离开的格子可以放障碍。
    轮到你时无棋可走，你就输了。
help-keys-heading = 本画面的按键
key-name-click = 点击
key-name-right-click = 右键/Esc
key-name-arrows = 方向键
key-name-type = 输入
key-name-typing = 打字时
keys-click = 先点皇后，再点落点，再点障碍格
keys-step-back = 退回一步操作
keys-arrows = 移动光标 [ ]；Enter 或空格选定
keys-tab-queen = 光标跳到你的下一个皇后（Shift-Tab 反向）
keys-type = d1-d7/g7、d1 d7 g7、d1d7g7 …… 再按 Enter（Esc 清空）
keys-typing = 行为空时下面的键起作用；否则每个键都是输入
keys-step = 一步
keys-quit = 退出
help-plain-play =
    命令（每行一个）：
      list                         服务器上的对局
      create [untimed|MIN+SEC] [white|black|random] [rated|casual]
             { "[" }end-decided|play-on] [assist]
                                   新建对局（5+3：5 分钟，每步加 3 秒）；
                                   限时默认积分，不限时默认休闲；休闲局领地已定
                                   即结束（play-on：由对局者申请判定），assist
                                   允许对局者查看领地（仅休闲局）
      computer                     服务器提供的电脑对手
      computer LEVEL|ENGINE [think SECS] [white|black|random] [untimed|MIN+SEC]
               { "[" }rated|casual]      与服务器的电脑对局
      join ID [white|black]        坐上空位（ID 的开头几位即可）
      watch ID                     观战
      d1-d7/g7（或 d1 d7 g7、d1d7g7 ……）
                                   你的着法；提前输入会等到轮到你
      territory                    领地（对局者仅在 assist 局可看）
      claim                        领地已定时申请结束对局
      resign, abort, rematch, decline, leave, board, help, quit
      （abort 只在双方都走棋之前可用）
    white 为先手（白），black 为后手（黑）。
    对局中 quit、resign 和 abort 会先问：回答 y（或“是”）才执行，其他回答
    继续对局（连按两次 Ctrl-C 立即退出）。退出后服务器会在宽限期内为你保留
    座位（它会说多久）：再运行同一命令就能回来。铃声（--quiet 关闭）在对局
    开始、对手走棋、你的棋钟少于 10 秒和对局结束时响起。
help-plain-local =
    命令（每行一个）：
      d1-d7/g7（或 d1 d7 g7、d1d7g7 ……）
                                   轮到的一方的着法
      takeback                     悔棋：撤回你的上一步
      resign                       轮到的一方认输（先问 y/n）
      territory                    领地：每个空格哪方先到
      board, help
      quit                         停止；对局保留，可用 `local --resume` 继续

## 标签（face/labels.rs）：提问、计数、步数、时间。

question-leave-game = 离开对局？
question-resign-game = 认输？
question-abort-game = 中止对局？无人获胜（只在双方都走棋之前可以）。
ago-just-now = 刚才
ago-minutes = { $count } 分钟前
ago-hours = { $count } 小时前
ago-days = { $count } 天前
move-number-words = 第 { $number } 步，{ $side }
move-number-error = “{ $text }”不是步数：输入 2 表示先手（白）的第 2 步，2b（或 2...）表示后手（黑）的第 2 步
count-moves = { $count } 步
count-plies = { $count } 手
count-rated-games = { $count } 局积分赛

## 大厅（tui/lobby.rs）。

lobby-key-select = 选择
lobby-key-join = 加入/观战
lobby-key-watch = 观战
lobby-key-create = 新建
lobby-key-computer = 电脑
lobby-key-refresh = 刷新
lobby-key-leaderboard = 排行榜
lobby-key-help = 帮助
lobby-key-quit = 退出
lobby-key-tournaments = 比赛
lobby-hint-join = 加入
lobby-column-white = { side-white }
lobby-column-black = { side-black }
lobby-heading-time = 时限
lobby-column-rated = 积分
lobby-heading-status = 状态
lobby-column-ply = 手
lobby-column-watch = 观战
lobby-matches-title = { " " }对局（{ $count }）{ " " }
lobby-no-matches = 还没有对局：按 c 新建一局
lobby-no-computer = 这个服务器没有电脑对手
lobby-nothing-to-join = 没有可加入的对局：按 c 新建一局
seat-free = （空位）
seat-bot-mark = [程序]
seat-away-mark = （离开）
colour-random = 随机
create-form-title = { " " }新建对局{ " " }
create-form-time-control = 时限：{ $typed }▏（untimed 或 5+3：5 分钟，每步加 3 秒）
create-form-colour = 你执：‹ { $colour } ›
create-form-rated = 积分：‹ { $value } ›
create-form-rated-when-timed = 限时则积分
create-form-end-when-decided = 领地已定即结束：‹ { $value } ›
create-form-unless-rated = 非积分局则是
create-form-assistance = 允许查看领地：‹ { $value } ›
create-form-assistance-rated = 允许查看领地：‹ 否 ›（积分局不允许）
create-form-assistance-not-rated = 积分局不允许辅助：请先改为休闲
create-form-yes = 是
create-form-no = 否
create-form-keys = ↑/↓ 选择一行，←/→ 修改，Enter 新建，Esc 取消
players-everyone = 全部
players-people = 真人
players-bots = 程序
leaderboard-reading = 正在读取排行榜 …
leaderboard-box-title = { " " }排行榜：{ $who }{ " " }
leaderboard-box-count = { $count }；? = 暂定
leaderboard-box-keys = Tab 全部/真人/程序  ←/→ 翻页  Esc 返回

## 排行榜（cmd/leaderboard.rs），命令与大厅的框中。

leaderboard-empty = 还没有积分选手：一局积分赛（限时，双方都有密钥，或对服务器的电脑）会把双方列在这里
leaderboard-column-player = 选手
leaderboard-column-rating = 等级分
leaderboard-column-games = 局数
leaderboard-column-won = 胜
leaderboard-column-lost = 负
leaderboard-column-last-played = 最近一局
leaderboard-wide-line = { $rank }  { $name }  { $rating }  { $games }（{ $won } 胜 { $lost } 负）  最近一局 { $last } UTC（{ $ago }）  id { $id }
leaderboard-page-people = 积分真人 { $total } 名，第 { $page }/{ $pages } 页
leaderboard-page-bots = 积分程序 { $total } 个，第 { $page }/{ $pages } 页
leaderboard-page-players = 积分选手 { $total } 名，第 { $page }/{ $pages } 页
leaderboard-more = ；--page { $next } 看更多
leaderboard-footer = { $line }{ $more }；? = 暂定
player-kind-person = 真人
player-kind-bot = 程序
player-page-who = { $name }（{ $kind }），第 { $rank } 名
player-page-rating = 等级分 { $rating }
player-page-rating-provisional = 等级分 { $rating }（暂定：近期对局太少，还说明不了多少）
player-page-record = { $games }：{ $won } 胜 { $lost } 负；最近一局 { $ago }
player-page-history = 每局积分赛后的等级分（最近 { $shown } 局，共 { $total } 局）：
player-page-recent = 最近的对局（下面的命令可以回放其中一局）：
games-heading-ended = 结束时间（UTC）
games-column-winner = 胜方
games-no-winner = 无

## 对局画面（tui/game、tui/move_input.rs、tui/board.rs）。

game-is-over = 对局已经结束
not-your-turn = 还没轮到你
cannot-move-on-this-board = 你不能在这个棋盘上走棋
premove-kept = 预走 { $premove }：轮到你时若仍合法就走出（Esc 取消）
premove-cancelled = 已取消预走
keys-go-to-white-move = 先手（白）第 2 步之后的局面（0：开局）
keys-go-to-black-move = 后手（黑）第 2 步之后的局面（也可输入 2...）
keys-flip-board = 翻转棋盘
keys-this-help = 本帮助
hint-flip = v 翻转
hint-help = ? 帮助
hint-quit = q 退出
hint-territory = m 领地
keys-territory = 显示或隐藏领地：每个空格哪方先到
territory-legend = w/b 先手/后手先到，= 争夺中，. 无人可到，大写为已封闭，数字为该区域余下步数
territory-closed = 封闭区域余下步数：先手 { $white }，后手 { $black }
territory-proven = 已证明：{ $side }胜 { $margin } 步
waiting-for-opponent = 等待对手：对手坐下后棋钟开始走
game-over-banner = 对局结束：{ $outcome }
to-move = 轮到{ $side }
to-move-prompt = 轮到{ $side }：{ $prompt }
to-move-your-premove = 轮到{ $side }；你的预走：{ $premove }
to-move-premoving = 轮到{ $side }；预走 { $prompt }
moves-title = { " " }着法{ " " }
prompt-go-to-move = 转到第几步>{ " " }
prompt-move = 着法>{ " " }
prompt-premove = 预走>{ " " }
pick-queen = 选一个皇后
pick-destination = { $from }：选落点
pick-arrow = { $from }-{ $to }：选障碍格
queen-walled-in = { $square } 上的皇后被围住了，不能走
move-cannot-be-played = { $premove } 在这里不能走
window-too-small = 窗口太小，放不下棋盘

## 在服务器上对局（cmd/play、net/session.rs）：全屏与纯文本两种界面。

too-late-to-abort = 太晚了，不能中止：只有在走满 { $plies }之前才能中止；请改为认输
grace-minutes = { $count }分钟
grace-seconds = { $count }秒
seat-kept = 你的座位保留 { $grace }：再运行同一命令就能回来
seat-kept-clock-runs = 你的座位保留 { $grace }，其间你的棋钟照走：再运行同一命令就能回来
leave-question = { $question }{ $kept }。
farewell-left-match = 已离开对局 { $id }：{ $kept }。
away-then-seat-given-up = 座位将被让出
away-then-called-off = 对局将被取消
away-then-lost = 将判离开对局负
away-line = { $name }（{ $side }）已离开：须在 { $left } 内回来，否则{ $then }
free-seat = （空位）
not-playing = 你没有在对局中下棋
not-started-waiting = 对局还没开始：正在等待对手
not-in-a-match = 你不在对局中
game-on-resign-or-abort-first = 对局进行中：请先认输或中止
rematch-after-the-game = 对局结束后才能再来一局
link-connecting = 正在连接 { $server } …
lobby-title = 亚马逊棋 — { $server }，用户名 { $name }
match-caption = 对局 { $id }
role-you-play = 你执{ $side }
role-watching = 观战中
rematch-offered-by = ；{ $side }提议再来一局（o 接受，n 拒绝）
rematch-offered = ；已提议再来一局
banner-your-move-clock-running = 对局开始 — 轮到你走；你的棋钟在走
banner-your-move = 对局开始 — 轮到你走
banner-you-play-black = 对局开始 — 你执后手（黑）；先手（白）{ $first } 先走
banner-game-on = 对局开始
link-connected = 已连接
link-reconnecting = { $seconds } 秒后重连（第 { $attempt } 次）：{ $reason }
link-connected-as = 已连接，用户名 { $name }
server-says = 服务器：{ $message }
seated-as = 已在对局 { $id } 中执{ $side }
back-in-your-game = 已回到你的对局
seat-taken-over = 另一个连接接管了你在对局 { $id } 中的座位
match-gone = 服务器上已没有这个对局；按 l 回到大厅
rematch-new-match = 再来一局：新对局 { $id }
game-over-notice = 对局结束：{ $outcome }
game-over-while-away = 你离开期间对局结束：{ $outcome }
premove-played = 已走出预走 { $premove }
premove-dropped = 预走 { $premove } 作废：{ $reason }
asking-the-computer = 正在请服务器的电脑下一局 …
creating-a-match = 正在新建对局 …
lobby-joining = 正在加入 …
game-on-resign-or-abort-keys = 对局进行中：请先认输（r）或中止（x）；q 退出并保留座位
game-on-resign-keys = 对局进行中：请先认输（r）；q 退出并保留座位
key-does-nothing = “{ $key }”在这里没有作用；按 ? 看帮助
keys-stop-watching = 停止观战
keys-give-up-seat = 让出座位
keys-resign = 认输
keys-abort = 中止
keys-rematch = 再来一局
keys-decline = 拒绝
keys-leave = 离开

## 与电脑对局（tui/computer_form.rs）和弹出框（tui/popup.rs）。

computer-engine = { $description }（引擎）
levels-only = 只有 { $level } 级
levels-range = { $low } 到 { $high } 级
levels-none = 没有级别
level-not-offered = { $level } 级：这个服务器提供{ $offered }
give-a-level = “{ $word }”：请给出级别，{ $levels }
give-a-level-or-engine = “{ $word }”：请给出级别（{ $levels }）或引擎（{ $engines }）
no-opponent-offered = 服务器没有提供对手
computer-form-title = { " " }与电脑对局{ " " }
computer-form-opponent = 对手（↑/↓）：
computer-form-think = 思考时间（←/→）：每步 { $seconds } 秒（最多 { $most } 秒）
computer-form-white = 先手（白，你先走）
computer-form-colour = 你执（Tab）：‹ { $colour } ›
computer-form-rated-yes = 积分：是（限时对局）
computer-form-rated-no = 积分：否（不限时对局）
computer-form-rated-when-timed = 积分：限时则积分
computer-form-end-when-decided = 领地已定即结束（Ctrl+E）：‹ { $value } ›
computer-form-assistance = 允许查看领地（Ctrl+T）：‹ { $value } ›
computer-form-assistance-rated = 允许查看领地（Ctrl+T）：‹ 否 ›（积分局不允许）
computer-form-keys = Enter 开始对局，Esc 取消
help-box-title = { " " }帮助：按任意键关闭{ " " }
question-title = { " " }确定吗？{ " " }
question-answers = y 是   n 否
answer-yes-words = y yes 是 是的 好

## 纯文本 `play`（cmd/play/plain）：它输出的各行。

plain-no-match-on-board = 棋盘上没有对局
plain-player-line = { $side }：{ $name }
plain-waiting-for-opponent = 等待对手
plain-your-move = 轮到你（{ $side }），{ $number }
plain-joined = 已加入对局 { $id }，执{ $side }
plain-left = 已离开对局 { $id }
plain-match-gone = 服务器上已没有对局 { $id }
plain-refused = 被拒绝：{ $message }（{ $code }）
plain-rematch-offer = { $side }提议再来一局：输入 `rematch` 接受，或 `decline` 拒绝
plain-rematch-offered = { $side }已提议再来一局
plain-seats = 先手（白）：{ $white }  后手（黑）：{ $black }  （{ $watching } 人观战）
plain-game-started = 对局开始：先手（白）{ $white } 对 后手（黑）{ $black }，{ $rated }
plain-plays = { $number } { $side }走 { $premove }
plain-out-of-step = 与服务器不同步；正在重新同步
plain-question = { $question }（y/n，是/否）
plain-kept-playing = 继续对局
plain-cancelled = 已取消 { $command }

## 程序（main.rs）。

failure-line = 错误：{ $error }

## 全屏的本地对局（cmd/local/tui.rs）。

keys-take-back = 悔棋
keys-new-game = 新对局
local-resumed = 已继续：{ $moves }
local-saved = 对局已保存到 { $path }
local-not-saved = 无法保存对局：{ $error }
local-thinking = { $name }（{ $side }）正在思考…
local-quit-question = 退出这局？对局会保留：`amazons-client local --resume` 可以继续。
local-wait-to-take-back = 请等引擎走完再悔棋
local-nothing-to-take-back = 没有可悔的棋
local-took-back = 已悔 { $plies }
local-resign-as = 以{ $side }认输？
local-only-a-person-resigns = 只有真人可以认输
local-new-game = 新对局
local-new-game-after = 这局结束后才能开始新对局
local-kept-game = 保留的对局
plain-illegal = 违规：{ $reason }
plain-input-ended = 还没回答输入就结束了：退出，不执行 `{ $command }`{ $seat }
plain-move-waits = { $premove } 会在轮到你时走出
plain-no-such-match = 列表中没有“{ $text }”：请给出 ID（`list` 列出对局）
plain-several-matches = “{ $text }”对应 { $count } 个对局；请多写几位 ID
plain-not-a-command = 不是命令也不是着法：{ $why }（`help` 列出命令）
plain-think-without-computer = 思考时间只用于 `computer` 对局
plain-think-seconds = `think` 后面要写秒数，如 `think 2`
plain-match-count = { $count } 个对局：
plain-summary-line = { "  " }{ $id }  先手（白）：{ $white }  后手（黑）：{ $black }  { $time } { $rated }  { $status }  第 { $ply } 手  { $watching } 人观战
plain-computer-heading = 电脑对手（`computer LEVEL|ENGINE [think SECS] [white|black|random] [untimed|MIN+SEC] [rated|casual]`）：
plain-think-time = 思考时间：未指定时每步 { $default } 毫秒，最多 { $most } 毫秒
plain-connecting = 正在连接 { $server } ...
plain-type-help = 输入 `help` 查看命令。
plain-quitting = 正在退出
plain-ctrl-c-again = 再按 Ctrl-C 离开对局：{ $kept }
plain-low-time = 你的棋钟不到 10 秒了
plain-taking-back-seat = 正在取回你在对局 { $id } 中的座位
plain-reconnecting = 连接断开（{ $reason }）；{ $seconds } 秒后重连（第 { $attempt } 次）
plain-connected = 已连接 { $server }，用户名 { $name }

## 纯文本模式的本地对局（cmd/local/plain.rs、mod.rs、kept.rs）。

local-game-kept = 对局已保留：`amazons-client local --resume` 可以继续
local-nothing-to-resume = 没有可继续的未完成本地对局（查找位置：{ $path }）
local-engine-illegal = { $side }的引擎走出了违规着法（{ $error }）；判其认输
local-engine-failed = { $side }的引擎出错（{ $error }）；判其认输
local-clocks = { " " }[先手 { $white } / 后手 { $black }]
local-players = 先手（白）：{ $white }  后手（黑）：{ $black }
local-plain-intro = 输入着法，如 d1-d7/g7（或 d1 d7 g7）。命令：takeback（悔棋）、resign（认输）、board（棋盘）、help（帮助）、quit（退出）。
local-moves = 着法：{ $moves }
local-plain-saved = 已保存：{ $path }
local-plays = { $number } { $side }（{ $name }）走 { $premove }
local-prompt = { $number } 轮到{ $side }（{ $name }）{ $clocks }>
local-end-of-input = 输入结束：{ $kept }
local-quitting = 正在退出：{ $kept }
local-end-before-answer = 还没回答输入就结束了：{ $kept }
local-not-a-move = 不是着法：{ $why }
kept-last-played = ，最近一次 { $ago }
kept-describe = 先手（白）{ $white } 对 后手（黑）{ $black }，{ $moves }{ $when }
kept-question = 有一局未完成的对局（{ $game }）。用新对局替换它吗？回答否则保留：`{ $resume }` 可以继续。
kept-still = 未完成的对局已保留：`{ $resume }` 可以继续
kept-refusal = 有一局未完成的对局（{ $game }）：`{ $resume }` 继续它，`{ $replace }` 替换它

## 历史（cmd/history.rs）：列表、对局信息、回放。

history-no-such-game = 没有对局“{ $game }”：请给出它在列表中的编号或它的 ID
history-several-games = “{ $game }”对应 { $count } 局；请多写几位 ID
history-no-games = 没有已结束的对局
history-does-not-replay = 对局 { $id } 无法回放
history-rematch-of = { "  " }是 { $id } 的再来一局
history-players = 先手（白）{ $white } 对 后手（黑）{ $black }
history-game-line = { $time }  { $moves }  { $result }  结束于 { $ended } UTC
history-caption = 对局 { $id }
history-caption-rematch = 对局 { $id }，{ $of } 的再来一局
games-heading-moves = 步数
replay-start-ply = 开局（第 0/{ $last } 手）
replay-place = { $number }（第 { $shown }/{ $last } 手）
replay-no-moves = 这局没有着法
replay-no-such-move = 这局没有第 { $typed } 步：从{ $first }到{ $last }
replay-plain-help =
    命令：next（n 或 Enter，下一步）、back（b，上一步）、first（开局）、last（终局）、
    quit（退出），或按列表编号的步数：2 为先手（白）第 2 步之后的局面，2b（或
    2...）为后手（黑）第 2 步之后，0 为开局。territory 显示领地；analyse 分析本局，
    之后显示每个局面的评估；finish 显示按领地结束的对局的已证明的收官。
replay-prompt = 回放>
keys-first-last = 开局/终局
replay-caption-move = { $place }：{ $played }
replay-status = 回放：{ $place }

## 连接服务器（net/address.rs、net/http.rs、net/connection.rs）。

address-no-host = “{ $text }”没有主机名：服务器地址形如 ws://HOST:7878/ws
address-encrypted = “{ $text }”：不支持加密连接；服务器使用普通的 ws:// — 你是想用 { $suggestion } 吗？
address-web-board = “{ $text }”是网页棋盘的地址（供浏览器用）；本客户端连接 WebSocket — 你是想用 { $suggestion } 吗？
address-other-scheme = “{ $text }”：`{ $scheme }://` 不是 WebSocket 地址 — 你是想用 { $suggestion } 吗？
address-no-scheme = “{ $text }”缺少协议 — 你是想用 { $suggestion } 吗？
connect-no-websocket = { $address } 上没有 WebSocket（HTTP { $status }）— 你是想用 { $suggestion } 吗？
connect-failed = 无法连接 { $address }：{ $error }
connect-no-answer = { $address } 在 { $seconds } 秒内没有应答 — 地址对吗？服务器在运行吗？
connect-version-mismatch = 服务器不支持协议版本 { $version }（{ $message }）；本客户端无法在那里对局
connect-bad-name = 服务器拒绝了我们的用户名：{ $message }（用 --name 换一个）
name-taken-used = （本次运行用的是 { $path }）
name-taken =
    服务器拒绝了用户名“{ $name }”：{ $server_says }
    本客户端可以：用 --name NAME 换个名字下棋；或用 --key-file PATH 指定当初占用“{ $name }”的密钥文件（即首次使用它的客户端状态目录中的 `player-key`）{ $used }
nothing-listening = { $authority } 上没有程序在监听（连接被拒绝）— amazons-server 在那里运行了吗？除非用 --port 指定，它监听 7878 端口
unknown-host = 找不到 { $address } 的主机（{ $detail }）— 请检查名字，或使用服务器启动时打印的地址
not-speaking = { $address } 不是 { $protocol }（{ $detail }）— 这是 amazons-server 吗？它的地址形如 { $looks_like }
http-fix = 请使用 amazons-server 启动时打印的地址，如 http://HOST:7878
http-looks-like = http://HOST:7878（服务器启动时会打印）
http-bad-address = “{ $typed }”不是服务器地址：{ $why }。{ $fix }
http-encrypted = “{ $typed }”：不支持加密连接；服务器使用普通的 http:// — 你是想用 http://{ $authority } 吗？
http-timed-out = { $base } 在 { $seconds } 秒内没有应答 — 这是 amazons-server 吗？{ $fix }
http-not-amazons = { $base } 不是 amazons-server（{ $what }）— 端口对吗？{ $fix }
http-no-such-game = { $base } 上没有对局 { $id }
http-no-such-player = { $base } 上没有选手“{ $name }”：没有这个名字的人在那里下过积分赛或占用过它（名字不分大小写）；`amazons-client leaderboard --server { $base }` 列出选手
http-failed = { $base } 拒绝了 { $method } { $path }（HTTP { $status }）：{ $message }
http-other = 无法读取 { $base }：{ $detail }
http-bad-scheme = `{ $scheme }://` 既不是 http:// 也不是 ws://
http-no-host = 缺少主机名
http-bad-port = “{ $port }”不是端口（1 到 65535）

## 本机上的文件（store/）与启动程序。

key-file-corrupt = { $path } 不是选手密钥（应为 64 个十六进制数字）：请从备份恢复，或删除它以生成新密钥（旧密钥占用的名字在各服务器上仍归它所有，直到服务器主机运行 `amazons-server release-name NAME`）
key-file-io = 无法使用选手密钥文件 { $path }：{ $error }
saved-game-ply = 保存的对局的第 { $ply } 手
saved-game-not-a-game = { $path } 不是保存的对局
file-reading = 读取 { $path }
file-removing = 删除 { $path }
file-creating = 创建 { $path }
file-writing = 写入 { $path }
engine-starting = 启动 { $program }
connection-task-ended = 连接任务已结束
http-not-what = GET { $resource } 的回答不是{ $what }：{ $error }
http-answered-status = GET { $resource } 的回答是 HTTP { $status }
http-answered-something-else = 它的回答是别的东西
http-closed-without-answer = 它没有回答就关闭了连接
http-what-games = 一页对局
http-what-record = 对局记录
http-what-analysis = 对局分析
http-what-players = 一页选手
http-what-player = 选手页面
closed-by-server-because = 服务器关闭了连接（{ $code } { $reason }）
closed-by-server = 服务器关闭了连接
connection-closed = 连接已关闭

## 比赛（cmd/tournament、tui/tournaments.rs、bot --tournament）。用词见 docs/glossary.md。

tournament-status-paused-word = 已暂停
tournament-status-running = 进行中
tournament-round-of = 第 { $round } 轮，共 { $planned } 轮
tournament-rounds-planned = 计划 { $planned } 轮
tournament-heading-first = { $title } — { $format }，{ $time }，{ $rated }
tournament-heading = { $status } · { $round } · 组织者 { $organiser } · { $entrants }
tournament-entrant-count = { $count } 名参赛者
tournament-legend-separator = ；
tournament-col-name = 名字
tournament-col-points = 得分
tournament-col-games = 局数
tournament-crosstable-too-wide = （交叉表太宽，这个屏幕放不下）
tournament-entrants-counted = 参赛者（{ $count }）
tournament-mark-withdrawn = （已退赛）
tournament-mark-away = （未连接）
tournament-entry-list = 报名名单：{ $names }
tournament-bye-cell = 轮空
tournament-playing = 对局中
tournament-pending = 未开始
tournament-double-forfeit = -/- 双方弃权
tournament-result-legend = 1 胜，0 负，+ 对方弃权判胜，- 弃权判负，. 未下
tournament-none = 这个服务器还没有比赛
tournament-col-id = 编号
tournament-col-title = 名称
tournament-col-format = 赛制
tournament-col-time = 时限
tournament-col-status = 状态
tournament-col-players = 人数
tournament-started = 已开始：第 1 轮已编排
tournament-paused = 已暂停：`resume` 之前不会开始新的一轮
tournament-resumed = 已继续
tournament-ended = 已结束：不会再编排新的一轮
tournament-joined = 已以 { $name } 报名
tournament-withdrew = { $name } 已退赛
tournament-removed = 已移除 { $name }
tournament-computer-entered = 已加入 { $name }
tournament-no-such = 没有编号以 `{ $text }` 开头的比赛（见 `tournament list`）
tournament-ambiguous = 有 { $count } 场比赛的编号以 `{ $text }` 开头：请多给几位
tournament-refused = 服务器拒绝：{ $message }
tournament-rounds-needed = 瑞士制需要 --rounds N
tournament-rounds-round-robin = 循环赛的轮数由人数决定：请给 --cycles 1 或 2，而不是 --rounds
tournament-cycles-swiss = --cycles 只用于循环赛（双循环赛固定为两个循环）
tournament-no-answer = 服务器 { $seconds } 秒内没有回答
tournament-connection-ended = 连接已结束
tournament-connection-lost = 与服务器的连接断开：{ $reason }
tournament-bot-started-without-us = 比赛已开始，`{ $name }` 不是参赛者
tournament-bot-withdrawn = `{ $name }` 已退赛或被移出比赛
tournament-bot-finished = 比赛结束；最终名次：
tournaments-list-title = { " " }比赛（{ $count }）{ " " }
tournaments-reading = 正在向服务器询问比赛……
tournaments-reading-one = 正在读取比赛……
tournaments-box-standings = { " " }名次{ " " }
tournaments-box-entrants = { " " }参赛者{ " " }
tournaments-box-crosstable = { " " }交叉表{ " " }
tournaments-box-round = { " " }第 { $number } 轮{ " " }
tournaments-box-pairings = { " " }对阵{ " " }
tournaments-not-started = 尚未开始
tournaments-nothing-to-watch = 这一盘还没有可观战的对局
tournaments-end-question = 现在结束比赛？不会再编排新的一轮。
tournaments-withdraw-question = 退赛？你未下的对局都将判负。
tournaments-asked = 已发给服务器……
tournaments-form-title = { " " }新建比赛{ " " }
tournaments-field-title = 名称：
tournaments-field-format = 赛制：
tournaments-field-rounds = 轮数：
tournaments-field-clock = 时限：
tournaments-field-rated = 积分：
tournaments-rounds-follow = 由人数决定
tournaments-yes = 是
tournaments-no = 否
tournaments-form-keys = ↑/↓ 选项  ←/→ 更改  Enter 创建  Esc 取消
tournaments-title-from-format = （按赛制命名）
tournaments-creating = 正在创建比赛……
tournaments-your-game = 第 { $round } 轮：你与 { $opponent } 的对局已就绪
tournaments-key-select = 选择
tournaments-key-open = 打开
tournaments-key-new = 新建
tournaments-key-lobby = 大厅
tournaments-key-select-game = 选择对局
tournaments-key-join = 报名
tournaments-key-withdraw = 退赛
tournaments-key-start = 开始
tournaments-key-pause-resume = 暂停/继续
tournaments-key-pause = 暂停
tournaments-key-resume = 继续
tournaments-key-end = 结束
tournaments-key-crosstable = 交叉表
tournaments-key-list = 列表

## 对局分析（face/analysis.rs，history analyse，复盘的 a 键）。

analysis-even = 均势
analysis-best-move = 最佳着法 { $best }
analysis-summary-line = { $side }：准确率 { $accuracy }%，欠佳 { $inaccuracies }，失误 { $mistakes }，大错 { $blunders }
analysis-queued-place = 分析：排队等待中
analysis-progress-bar = 分析中：第 { $done } / { $total } 个局面 { $bar }
analysis-by = 分析程序：{ $engine }
analysis-sparkline = 先手（白）胜率：{ $line }
analysis-accuracy = 准确率：先手 { $white }% · 后手 { $black }%
analysis-cannot-save = 无法把分析保存为 { $path }
keys-analyse = 分析
keys-mistakes = 失误
replay-analyse-first = 请先按 a 分析本局
replay-no-more-mistakes = 这个方向没有更多失误了
keys-proven-finish = 已证明的收官
replay-finish-status = 回放：已证明的收官，第 { $step } 步，共 { $steps } 步（未实际下出）
replay-no-finish = 本局没有已证明的收官：它不是按领地结束的
replay-plain-finish = 已证明的收官（{ $plies } 步，未实际下出）：{ $moves }

## 对局中的领地判定（cmd/play）。

keys-claim = 申请按领地判胜
decided-claim = 领地已定：{ $side }胜 { $margin } 步（按 k 申请判定）
decided-watching = 领地已定：{ $side }胜 { $margin } 步
decided-claim-plain = 领地已定：{ $side }胜 { $margin } 步；输入 claim 结束对局
claim-not-decided = 领地尚未决定胜负：无可申请
territory-not-allowed = 本局不允许辅助：对局结束后才向对局者显示领地
analysis-starting = 分析中……
lobby-key-esc = 关闭弹出框（按 q 退出）
replay-finish-move = { $side }走 { $played }
move-text-not-a-move = “{ $typed }”不是着法：请输入三个格子，例如 d1-d7/g7
