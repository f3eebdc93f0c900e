//! The exception hierarchy: every engine error becomes one of these, with the
//! engine's message as its text and the rule ID (or `None`) as `.rule`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    holdem,
    HoldemError,
    PyValueError,
    "Base of every holdem error; `.rule` is the rule ID the input broke, or None."
);
pyo3::create_exception!(
    holdem,
    CardError,
    HoldemError,
    "Card text or a card id that is not one of the 52 cards, or a card given twice."
);
pyo3::create_exception!(
    holdem,
    EvalError,
    HoldemError,
    "Cards that cannot be ranked (not 5-7 cards, a repeated card)."
);
pyo3::create_exception!(
    holdem,
    RangeError,
    HoldemError,
    "Hand-range text that does not parse (`.rule` is None; the message says where)."
);
pyo3::create_exception!(
    holdem,
    EquityError,
    HoldemError,
    "An equity problem that cannot be computed (too few hands, shared cards...)."
);
pyo3::create_exception!(
    holdem,
    RulesError,
    HoldemError,
    "A house-rules preset name or TOML document the rules-config crate refuses."
);
pyo3::create_exception!(
    holdem,
    ActionError,
    HoldemError,
    "An action or hand set-up the betting engine refuses; the hand is unchanged."
);

pyo3::create_exception!(
    holdem,
    HistoryError,
    HoldemError,
    "A hand-history file that cannot be read or written (the message names the file and hand)."
);

/// Registers the exception classes on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("HoldemError", py.get_type::<HoldemError>())?;
    m.add("CardError", py.get_type::<CardError>())?;
    m.add("EvalError", py.get_type::<EvalError>())?;
    m.add("RangeError", py.get_type::<RangeError>())?;
    m.add("EquityError", py.get_type::<EquityError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("ActionError", py.get_type::<ActionError>())?;
    m.add("HistoryError", py.get_type::<HistoryError>())?;
    Ok(())
}

/// An exception of class `T` with `message`, its `.rule` set to `rule`
/// (`None` for an empty rule ID).
pub fn raise<T: pyo3::PyTypeInfo>(message: impl std::fmt::Display, rule: &str) -> PyErr {
    let err = PyErr::new::<T, _>(message.to_string());
    Python::attach(|py| {
        let rule: Option<&str> = (!rule.is_empty()).then_some(rule);
        // Setting an attribute on a fresh exception instance cannot fail in
        // practice; if it did, the exception still carries its message.
        let _ = err.value(py).setattr("rule", rule);
    });
    err
}

/// The rule ID quoted at the end of an engine message (`... (rule C1)` or
/// `... (B10)`), for errors whose type has no `rule()` method.
pub fn rule_in(message: &str) -> String {
    let Some(open) = message.rfind('(') else {
        return String::new();
    };
    let inner = message[open + 1..].trim_end_matches(')');
    let id = inner.rsplit(' ').next().unwrap_or("");
    let mut chars = id.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && id.len() >= 2
        && chars.all(|c| c.is_ascii_digit());
    if ok { id.to_string() } else { String::new() }
}
