//! One hand as a state: the betting crate's `Driver` (hand + dealer) behind a
//! Python class. Everything that needs no decision (posts, deals, showdown) is
//! played at once; the object stops at each decision.

use holdem_betting::{
    Action, Chips, Dealer, Deck, Driver, DriverError, Hand, HandConfig, HandView, LegalActions,
    Player, Seat, SeatStatus,
};
use holdem_rules_config::Rules;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{ActionError, RulesError, raise};

/// A `HandConfig` from a limit name and stakes, or from house rules (a preset
/// name of `holdem rules list` or a TOML document) at a blind level.
pub fn hand_config(
    limit: &str,
    big_blind: u64,
    small_blind: Option<u64>,
    ante: u64,
    rules: Option<&str>,
    level: usize,
) -> PyResult<HandConfig> {
    if let Some(rules) = rules {
        let parsed = if rules.contains('\n') || rules.contains('=') || rules.contains('[') {
            Rules::from_toml_str(rules)
        } else {
            Rules::preset(rules)
        };
        return parsed
            .and_then(|r| r.hand_config(level))
            .map_err(|e| raise::<RulesError>(e, ""));
    }
    let bb = Chips(big_blind);
    let mut config = match limit {
        "no-limit" | "nl" => HandConfig::no_limit(bb),
        "pot-limit" | "pl" => HandConfig::pot_limit(bb),
        "fixed-limit" | "fl" | "limit" => HandConfig::fixed_limit(bb, Chips(big_blind * 2)),
        other => {
            return Err(raise::<RulesError>(
                format!("unknown limit {other:?}: no-limit, pot-limit or fixed-limit (rule B1)"),
                "B1",
            ));
        }
    };
    if let Some(sb) = small_blind {
        config = config.with_blinds(Chips(sb), bb);
    }
    config = config.with_ante(Chips(ante));
    config
        .validate()
        .map_err(|e| raise::<ActionError>(&e, e.rule()))?;
    Ok(config)
}

/// A seat index as the engine's `Seat`.
pub fn seat_arg(seat: usize) -> PyResult<Seat> {
    u8::try_from(seat)
        .ok()
        .and_then(Seat::new)
        .ok_or_else(|| raise::<ActionError>(format!("seat {seat} is not a seat (0-22)"), ""))
}

/// A driver error as an `ActionError` with the hand's rule ID.
pub fn driver_error(e: DriverError) -> PyErr {
    let rule = match &e {
        DriverError::Hand(h) => h.rule(),
        _ => "",
    };
    let msg = match &e {
        DriverError::Hand(h) => h.to_string(),
        other => other.to_string(),
    };
    raise::<ActionError>(msg, rule)
}

/// Builds the engine's action from a name and an amount (a street total).
pub fn action_arg(name: &str, amount: Option<u64>) -> PyResult<Action> {
    let sized = |make: fn(Chips) -> Action| {
        amount.map(|a| make(Chips(a))).ok_or_else(|| {
            raise::<ActionError>(
                format!("action {name:?} needs an amount (the street total)"),
                "B7",
            )
        })
    };
    match name {
        "fold" => Ok(Action::Fold),
        "check" => Ok(Action::Check),
        "call" => Ok(Action::Call),
        "check_or_call" | "cc" => Ok(Action::CheckOrCall),
        "bet" => sized(Action::BetTo),
        "raise" => sized(Action::RaiseTo),
        "bet_or_raise" | "cbr" => sized(Action::BetOrRaiseTo),
        "all_in" => Ok(Action::AllIn),
        other => Err(raise::<ActionError>(
            format!(
                "unknown action {other:?}: fold, check, call, check_or_call, bet, raise, bet_or_raise or all_in (rule B7)"
            ),
            "B7",
        )),
    }
}

fn status_name(s: SeatStatus) -> &'static str {
    match s {
        SeatStatus::Empty => "empty",
        SeatStatus::Active => "active",
        SeatStatus::AllIn => "all-in",
        SeatStatus::Folded => "folded",
    }
}

/// Legal actions as a dict (amounts are street totals).
pub fn legal_dict<'py>(py: Python<'py>, l: &LegalActions) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", l.seat.as_usize())?;
    d.set_item("fold", l.fold)?;
    d.set_item("check", l.check)?;
    d.set_item("call_to", l.call_to.map(Chips::get))?;
    d.set_item("call_cost", l.call_cost.get())?;
    d.set_item("bet", l.bet.map(|r| (r.min.get(), r.max.get())))?;
    d.set_item("raise", l.raise.map(|r| (r.min.get(), r.max.get())))?;
    d.set_item("all_in_to", l.all_in_to.map(Chips::get))?;
    d.set_item("current_bet", l.current_bet.get())?;
    d.set_item("chip_unit", l.chip_unit.get())?;
    Ok(d)
}

/// A redacted view as a dict: hidden hole cards are `None`.
fn view_dict<'py>(py: Python<'py>, v: &HandView) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("viewer", v.viewer.map(Seat::as_usize))?;
    d.set_item("street", v.street.to_string())?;
    d.set_item("button", v.button.as_usize())?;
    let board: Vec<Option<String>> = v.board[..usize::from(v.board_len)]
        .iter()
        .map(|c| c.map(|c| c.to_string()))
        .collect();
    d.set_item("board", board)?;
    d.set_item("pot", v.pot.get())?;
    d.set_item("current_bet", v.current_bet.get())?;
    d.set_item("pending", v.pending.to_string())?;
    let mut seats = Vec::new();
    for s in v.seats.iter().flatten() {
        let sd = PyDict::new(py);
        sd.set_item("seat", s.seat.as_usize())?;
        sd.set_item("status", status_name(s.status))?;
        sd.set_item("stack", s.stack.get())?;
        sd.set_item("street_bet", s.street_bet.get())?;
        sd.set_item("contributed", s.contributed.get())?;
        let hole = s.hole_cards.map(|h| {
            h.iter()
                .map(|c| c.map(|c| c.to_string()))
                .collect::<Vec<_>>()
        });
        sd.set_item("hole_cards", hole)?;
        seats.push(sd);
    }
    d.set_item("seats", seats)?;
    match &v.legal {
        Some(l) => d.set_item("legal", legal_dict(py, l)?)?,
        None => d.set_item("legal", py.None())?,
    }
    Ok(d)
}

/// One hand of Texas Hold'em, dealt from a seeded deck and played one decision at a time.
///
/// Players sit at seats `0..len(stacks)`; `button` is a seat index. Stakes come
/// from `limit`/`big_blind`/`small_blind`/`ante`, or from `rules` (a preset name
/// such as `"online-cash"`, or a TOML rules document) at blind `level`.
#[pyclass(module = "holdem", name = "Hand")]
pub struct PyHand {
    driver: Driver,
}

impl PyHand {
    fn advance(&mut self) -> PyResult<()> {
        self.driver.advance().map(|_| ()).map_err(driver_error)
    }

    fn hand(&self) -> &Hand {
        self.driver.hand()
    }
}

#[pymethods]
impl PyHand {
    #[new]
    #[pyo3(signature = (stacks, *, big_blind = 2, small_blind = None, ante = 0, limit = "no-limit", button = 0, rules = None, level = 0, seed = 0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        stacks: Vec<u64>,
        big_blind: u64,
        small_blind: Option<u64>,
        ante: u64,
        limit: &str,
        button: usize,
        rules: Option<&str>,
        level: usize,
        seed: u64,
    ) -> PyResult<PyHand> {
        let config = hand_config(limit, big_blind, small_blind, ante, rules, level)?;
        let players = stacks
            .iter()
            .enumerate()
            .map(|(i, &s)| Ok(Player::new(seat_arg(i)?, Chips(s))))
            .collect::<PyResult<Vec<_>>>()?;
        let hand = Hand::new(config, &players, seat_arg(button)?)
            .map_err(|e| raise::<ActionError>(&e, e.rule()))?;
        let mut driver = Driver::new(hand, Dealer::new(Deck::seeded(seed)));
        driver.advance().map_err(driver_error)?;
        Ok(PyHand { driver })
    }

    /// The seat to act, or None when the hand is complete.
    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.hand().to_act().map(Seat::as_usize)
    }

    /// Whether the hand is settled.
    #[getter]
    fn is_complete(&self) -> bool {
        self.hand().is_complete()
    }

    /// The street: `"pre-flop"`, `"flop"`, `"turn"` or `"river"`.
    #[getter]
    fn street(&self) -> String {
        self.hand().street().to_string()
    }

    /// Chips in the middle, current bets included.
    #[getter]
    fn pot(&self) -> u64 {
        self.hand().pot_total().get()
    }

    /// The board cards dealt so far, as text.
    #[getter]
    fn board(&self) -> Vec<String> {
        self.hand()
            .board()
            .iter()
            .flatten()
            .map(|c| c.to_string())
            .collect()
    }

    /// Each seat's stack behind (seat order).
    #[getter]
    fn stacks(&self) -> Vec<u64> {
        let h = self.hand();
        h.players().iter().map(|s| h.stack(s).get()).collect()
    }

    /// What the seat to act may do, with exact amounts (street totals); None when nobody is to act.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.hand()
            .legal_actions()
            .map(|l| legal_dict(py, &l))
            .transpose()
    }

    /// The seat to act takes `action` (`"fold"`, `"check"`, `"call"`,
    /// `"check_or_call"`, `"bet"`, `"raise"`, `"bet_or_raise"`, `"all_in"`);
    /// sized actions take `amount`, the seat's total on this street. A refused
    /// action raises `ActionError` (with `.rule`) and changes nothing.
    #[pyo3(signature = (action, amount = None))]
    fn act(&mut self, action: &str, amount: Option<u64>) -> PyResult<()> {
        let action = action_arg(action, amount)?;
        self.driver.act(action).map_err(driver_error)?;
        self.advance()
    }

    /// The seat to act runs out of time (B16): folded facing a bet, checked otherwise.
    fn time_out(&mut self) -> PyResult<()> {
        self.driver.time_out().map_err(driver_error)?;
        self.advance()
    }

    /// The hand as `seat` sees it: its own hole cards, others' only once shown.
    fn view<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        view_dict(py, &self.hand().view_for(seat_arg(seat)?))
    }

    /// The hand as a spectator sees it.
    fn public_view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        view_dict(py, &self.hand().public_view())
    }

    /// The settlement once complete (None before): `final_stacks`, `net`
    /// (per seat), `pots` (amount and winners each), `rake`, `showdown`, `ranks`.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = self.hand().result() else {
            return Ok(None);
        };
        let seats: Vec<Seat> = r.players().iter().collect();
        let d = PyDict::new(py);
        d.set_item(
            "final_stacks",
            seats
                .iter()
                .map(|&s| r.final_stack(s).get())
                .collect::<Vec<_>>(),
        )?;
        d.set_item("net", seats.iter().map(|&s| r.net(s)).collect::<Vec<_>>())?;
        d.set_item("rake", r.rake().get())?;
        d.set_item("showdown", r.went_to_showdown())?;
        d.set_item(
            "ranks",
            seats
                .iter()
                .map(|&s| r.rank(s).map(|k| k.raw()))
                .collect::<Vec<_>>(),
        )?;
        let mut pots = Vec::new();
        for p in r.pots() {
            let pd = PyDict::new(py);
            pd.set_item("amount", p.amount.get())?;
            pd.set_item("rake", p.rake.get())?;
            pd.set_item(
                "winners",
                p.winners.iter().map(Seat::as_usize).collect::<Vec<_>>(),
            )?;
            pots.push(pd);
        }
        d.set_item("pots", pots)?;
        Ok(Some(d))
    }

    fn __repr__(&self) -> String {
        format!(
            "Hand(street='{}', pot={}, to_act={})",
            self.hand().street(),
            self.hand().pot_total(),
            self.to_act().map_or("None".to_string(), |s| s.to_string())
        )
    }
}

/// Registers the hand class.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHand>()?;
    let presets: Vec<&str> = holdem_rules_config::Preset::ALL
        .iter()
        .map(|p| p.name())
        .collect();
    m.add("PRESETS", presets)?;
    Ok(())
}
