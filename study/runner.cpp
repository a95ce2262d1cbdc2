#include "study/runner.h"

#include <algorithm>
#include <chrono>
#include <mutex>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "solver/challenge.h"
#include "solver/measures.h"
#include "solver/reasons.h"
#include "solver/players.h"
#include "solver/search_util.h"
#include "study/optimum.h"

namespace pyr {

int default_threads() { return tbb::info::default_concurrency(); }

int study_workers(int threads, uint64_t tasks) {
    const uint64_t cores = static_cast<uint64_t>(std::max(1, default_threads()));
    const uint64_t asked = threads > 0 ? static_cast<uint64_t>(threads) : cores;
    return static_cast<int>(std::max<uint64_t>(1, std::min({asked, cores, tasks})));
}

std::optional<StudyRecord> solve_task(Solver& solver, const StudySpec& spec, uint64_t task,
                                      const std::atomic<bool>* stop) {
    const uint64_t n_combos = spec.combos.size();
    const uint64_t deal_index = task / n_combos;
    const uint32_t combo = static_cast<uint32_t>(task % n_combos);
    const Variant& v = spec.combos[combo];
    const Seed seed = spec.deals.first_id() + deal_index;
    const Deal deal = spec.deals.from_file ? parse_deal(v, spec.deals.cards[deal_index])
                                           : deal_from_seed(v, seed.text());
    const auto t0 = std::chrono::steady_clock::now();
    Limits limits = spec.limits;  // every search of the task: the study's, with the run's stop flag
    limits.stop = stop;
    SolveOptions so;
    so.optimal = spec.optimal;
    so.limits = limits;
    SolveResult res;
    const Board board(deal);
    RecordMeasures measures;
    try {
        res = solver.solve(board, so);
        if (spec.measures && res.verdict == Verdict::Lose && !res.interrupted) {
            measures.reason = *parse_reason_code(loss_reason_code(board, board.initial()));
        } else if (spec.measures && !spec.reasons_only && res.verdict == Verdict::Win) {
            MeasureOptions mo;
            mo.limits = limits;
            mo.casual_plays = spec.casual_plays;
            const DealMeasures dm = measure_won_deal(solver, board, mo);
            if (stop && stop->load()) return std::nullopt;  // abandoned: redone on resume
            measures.shortest = dm.shortest;
            if (dm.complete) {
                measures.winning_first = static_cast<int16_t>(dm.winning_first);
                measures.legal_first = static_cast<int16_t>(dm.legal_first);
                measures.critical = static_cast<int16_t>(dm.critical.size());
                measures.crossroads = static_cast<int16_t>(dm.crossroads());
                measures.difficulty = dm.difficulty;
                if (const auto t = builtin_thresholds(v))
                    measures.grade = static_cast<int8_t>(grade_of(dm.difficulty, *t));
            }
            measures.casual_wins = dm.casual_wins;
            measures.casual_plays = dm.casual_plays;
        }
    } catch (const InternalError& e) {  // a bug: name the deal (exit 3)
        throw InternalError("on the deal --variant " + v.name + rules_options(v) + " --deal " + compact(deal) + ": " +
                            e.what());
    }
    if (res.interrupted) return std::nullopt;  // abandoned: redone on resume
    StudyRecord r = task_record(spec, deal_index, combo);
    r.verdict = res.verdict;
    // With --optimal only a length proved shortest is a minimum move count
    // (a budget can stop the shortest search after the win is proved).
    const bool length_known = res.verdict == Verdict::Win && (!spec.optimal || res.optimal);
    r.moves = length_known ? static_cast<int32_t>(res.solution.size()) : -1;
    r.states = res.states;
    r.seconds = res.seconds;
    r.replay_seconds = res.replay_seconds;
    r.measured = spec.measures;
    r.m = measures;
    if (spec.measures) {  // the measures' searches count in the task's time
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    if (!spec.player.empty()) {
        // The player's game. It cannot win a deal the solver proved lost:
        // that game is not played (its record says so: no moves).
        // With optimal[:N] the game is the lower bound's player's (study/optimum.h).
        const auto optimum = parse_optimum_player(spec.player);
        if (res.verdict != Verdict::Lose) {
            auto player = nopeek::make_player(optimum ? optimum->lower_player() : spec.player);
            nopeek::GameOptions go;
            go.limits = limits;
            nopeek::GameResult g;
            try {
                g = nopeek::play_game(*player, solver, deal, nopeek::game_seed(spec.player_seed, deal), go);
            } catch (const InternalError& e) {
                throw InternalError("player " + spec.player + " on the deal --variant " + v.name + rules_options(v) +
                                    " --deal " + compact(deal) + ": " + e.what());
            }
            if (g.interrupted) return std::nullopt;
            r.player_played = true;
            r.player_won = g.won;
            r.player_moves = moves_text(g.moves, deal.deck());
            r.player_solves = g.cost.solves;
            r.player_seconds = g.seconds;
        }
        if (optimum) {
            // The deal's no-peek optimum at its start: exact within N information
            // states, else the sampled pair (the game above, the verdict).
            const nopeek::GameResult* game = nullptr;
            nopeek::GameResult played;
            if (r.player_played) {
                played.won = r.player_won;
                game = &played;
            }
            DealOptimum d;
            try {
                d = deal_optimum(solver, deal, res.verdict, game, *optimum, limits,
                                 nopeek::game_seed(spec.player_seed, deal));
            } catch (const InternalError& e) {
                throw InternalError("optimum on the deal --variant " + v.name + rules_options(v) + " --deal " +
                                    compact(deal) + ": " + e.what());
            } catch (const std::invalid_argument& e) {
                throw StudyError("--player " + spec.player + " on the deal --variant " + v.name + rules_options(v) +
                                 " --deal " + compact(deal) + ": " + e.what());
            }
            if (d.interrupted) return std::nullopt;  // abandoned: redone on resume
            r.opt.has = true;
            r.opt.exact = d.exact;
            r.opt.fraction = d.fraction;
            r.opt.lower = d.lower;
            r.opt.upper = d.upper;
            r.opt.lower_method = d.lower_method;
            r.opt.upper_method = d.upper_method;
            r.opt.search_lower = d.search_lower;
            r.opt.search_upper = d.search_upper;
            r.opt.unseen = d.unseen;
            r.opt.states = d.states;
            r.opt.seconds = d.seconds + d.reveal_seconds;
        }
    }
    if (!spec.challenge.empty()) {
        // The challenge's best line of each kind of end (solver/challenge.h,
        // every line replayed by the verifier); its searches count in the task's time.
        SolveOptions co;
        co.limits = limits;
        ChallengeResult cr;
        try {
            cr = solver.challenge(board, study_challenge(spec.challenge, v), co);
        } catch (const InternalError& e) {
            throw InternalError("challenge " + spec.challenge + " on the deal --variant " + v.name + rules_options(v) +
                                " --deal " + compact(deal) + ": " + e.what());
        }
        if (cr.interrupted) return std::nullopt;  // abandoned: redone on resume
        r.ch.complete = cr.complete;
        r.ch.states = cr.states;
        for (const ChallengeLine& l : cr.lines) {
            ChallengeEnd& e = l.cleared ? r.ch.clear : r.ch.open;
            e.score = l.score;
            e.cards = l.cards.value_or(-1);
            e.steps = static_cast<int32_t>(l.moves.size());
        }
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return r;
}

void solve_tasks(const StudySpec& spec, int threads, const std::atomic<bool>* stop, const TaskSource& source,
                 const RecordSink& sink) {
    const int n = study_workers(threads, UINT64_MAX);  // more than TBB may run would only make it warn
    auto stopped = [&] { return stop && stop->load(std::memory_order_relaxed); };
    std::mutex source_mu, sink_mu;
    tbb::enumerable_thread_specific<Solver> solvers;
    // Each of the parallel_for's `n` bodies takes chunks until none is left
    // (if TBB ran two bodies on one thread, the second would find nothing).
    tbb::task_arena arena(n);
    arena.execute([&] {
        tbb::parallel_for(
            0, n,
            [&](int) {
                Solver& solver = solvers.local();
                std::vector<uint64_t> chunk;
                while (!stopped()) {
                    {
                        std::lock_guard lock(source_mu);
                        chunk.clear();
                        if (stopped() || !source(chunk)) break;
                    }
                    for (uint64_t t : chunk) {
                        if (stopped()) break;
                        const auto r = solve_task(solver, spec, t, stop);
                        if (!r) break;
                        std::lock_guard lock(sink_mu);
                        sink(*r);
                    }
                }
            },
            tbb::simple_partitioner());
    });
}

// ---------------------------------------------------------------- the task table

TaskTable::TaskTable(const StudySpec& spec) : spec_(spec), verdicts_(spec.tasks(), 0), total_(spec.shard_tasks()) {
    cursor_ = spec.shard.index;
}

bool TaskTable::record(const StudyRecord& r) {
    const uint64_t t = spec_.task_of(r.seed - spec_.deals.first_id(), r.combo);
    if (verdicts_.at(t)) return false;
    verdicts_[t] = verdict_code(r.verdict);
    ++done_;
    return true;
}

void TaskTable::next(std::vector<uint64_t>& tasks, size_t n) {
    const uint64_t deals = spec_.deals.count();
    const uint32_t combos = static_cast<uint32_t>(spec_.combos.size());
    while (tasks.size() < n && cursor_ < deals) {
        const uint64_t t = spec_.task_of(cursor_, cursor_combo_);
        if (!verdicts_[t]) tasks.push_back(t);
        if (++cursor_combo_ == combos) {
            cursor_combo_ = 0;
            cursor_ += spec_.shard.count;
        }
    }
}

StudyProgress progress_from(const StudySpec& spec, const TaskTable& table) {
    StudyProgress progress;
    progress.total = table.total();
    progress.done = table.done();
    for (uint64_t t = 0; t < spec.tasks(); ++t) {  // every task of the study; those of other shards are 0
        const uint8_t v = table.verdict(t);
        progress.wins += v == 1;
        progress.losses += v == 2;
        progress.intractable += v == 3;
    }
    return progress;
}

void take_solved(const StudyRecord& r, const StudyRunOptions& opts, StudyRun& run, StudyProgress& progress,
                 std::chrono::steady_clock::time_point t0) {
    if (opts.out) opts.out->append(r);
    ++run.solved_now;
    if (opts.on_record) opts.on_record(r);
    ++progress.done;
    ++progress.done_now;
    if (r.verdict == Verdict::Win) ++progress.wins;
    else if (r.verdict == Verdict::Lose) ++progress.losses;
    else ++progress.intractable;
    if (opts.progress) {
        progress.seconds = seconds_since(t0);
        opts.progress(progress);
    }
}

// ---------------------------------------------------------------- the TBB runner

StudyRun run_study(const StudySpec& spec, TaskTable& table, const StudyRunOptions& opts) {
    const auto t0 = std::chrono::steady_clock::now();
    StudyRun run;
    run.total = table.total();
    run.resumed = table.done();
    run.threads = study_workers(opts.threads, UINT64_MAX);
    run.threads_asked = opts.threads;
    StudyProgress progress = progress_from(spec, table);
    // One task at a time, from the table in study order: the deals done at
    // any moment are (nearly) a prefix of the study, so an interrupted
    // study's partial summary covers the first seeds of every rule set.
    solve_tasks(
        spec, run.threads, opts.stop,
        [&](std::vector<uint64_t>& chunk) {
            table.next(chunk, 1);
            return !chunk.empty();
        },
        [&](const StudyRecord& r) {
            table.record(r);
            take_solved(r, opts, run, progress, t0);
        });
    if (opts.out) opts.out->sync();
    run.done = table.done();
    run.interrupted = run.done < run.total;
    run.wall_seconds = seconds_since(t0);
    return run;
}

void list_verdicts(const TaskTable& table, uint32_t combo, Verdict v, const std::function<void(Seed)>& seed) {
    const StudySpec& spec = table.spec();
    const uint8_t code = verdict_code(v);
    for (uint64_t d = spec.shard.index; d < spec.deals.count(); d += spec.shard.count)
        if (table.verdict(spec.task_of(d, combo)) == code) seed(spec.deals.first_id() + d);
}

}  // namespace pyr
