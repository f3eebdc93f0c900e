//! The house rules a replay applies.

use holdem_betting::{HandConfig, IncompleteAllInRule, RakePolicy, ShowdownRules};

/// The house rules a replay applies: the betting options of a rules set. The stakes
/// come from the history itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HouseRules {
    /// The rules set's name (`standard` or a preset or file name).
    pub name: String,
    /// Fixed limit: bets per round, the opening bet included (B9).
    pub max_bets_per_round: u8,
    /// Fixed limit: the cap does not apply heads-up (B9, seed 004).
    pub cap_lifted_heads_up: bool,
    /// A re-raise must at least double the previous raise (B10, seed 004).
    pub reraise_must_double: bool,
    /// The minimum raise after an incomplete all-in (B12).
    pub incomplete_all_in: IncompleteAllInRule,
    /// All-in protection on time-out (B16, seed 001).
    pub time_out_all_in_protection: bool,
    /// Showing and mucking at showdown (B21).
    pub showdown: ShowdownRules,
    /// The rake (B23), unless the history records its own (`_holdem_rake`).
    pub rake: RakePolicy,
}

impl HouseRules {
    /// The standard rules of RULES.md: four bets a round in fixed limit, no cap lift,
    /// standard minimum raise after an incomplete all-in, time-outs fold.
    pub fn standard() -> HouseRules {
        HouseRules::of_config("standard", &HandConfig::default())
    }

    /// The house rules a hand's configuration plays under (its betting options,
    /// showdown rules and rake), named `name`.
    pub fn of_config(name: &str, c: &HandConfig) -> HouseRules {
        HouseRules {
            name: name.to_string(),
            max_bets_per_round: c.max_bets_per_round,
            cap_lifted_heads_up: c.cap_lifted_heads_up,
            reraise_must_double: c.reraise_must_double,
            incomplete_all_in: c.incomplete_all_in,
            time_out_all_in_protection: c.time_out_all_in_protection,
            showdown: c.showdown,
            rake: c.rake,
        }
    }

    /// The betting house rules of a validated rules set (feature `rules-config`):
    /// the house options `holdem-rules-config` puts in a hand's configuration
    /// ([`Rules::with_house_options`](holdem_rules_config::Rules::with_house_options)),
    /// named `name`.
    #[cfg(feature = "rules-config")]
    pub fn from_rules(name: &str, rules: &holdem_rules_config::Rules) -> HouseRules {
        HouseRules::of_config(name, &rules.with_house_options(HandConfig::default()))
    }

    /// Whether `self` and `other` give the engine the same options (all but the
    /// name, which only reports show): what a [`Replayer`] checks each hand, where
    /// comparing the names too cost a `memcmp` call a hand.
    pub(super) fn same_options(&self, other: &HouseRules) -> bool {
        let HouseRules {
            name: _,
            max_bets_per_round,
            cap_lifted_heads_up,
            reraise_must_double,
            incomplete_all_in,
            time_out_all_in_protection,
            showdown,
            rake,
        } = self;
        *max_bets_per_round == other.max_bets_per_round
            && *cap_lifted_heads_up == other.cap_lifted_heads_up
            && *reraise_must_double == other.reraise_must_double
            && *incomplete_all_in == other.incomplete_all_in
            && *time_out_all_in_protection == other.time_out_all_in_protection
            && *showdown == other.showdown
            && *rake == other.rake
    }

    pub(super) fn apply_to(&self, mut c: HandConfig) -> HandConfig {
        c.max_bets_per_round = self.max_bets_per_round;
        c.cap_lifted_heads_up = self.cap_lifted_heads_up;
        c.reraise_must_double = self.reraise_must_double;
        c.incomplete_all_in = self.incomplete_all_in;
        c.time_out_all_in_protection = self.time_out_all_in_protection;
        c.showdown = self.showdown;
        c.rake = self.rake;
        c
    }
}

#[cfg(all(test, feature = "rules-config"))]
mod tests {
    use holdem_betting::HandConfig;
    use holdem_pots::Chips;
    use holdem_rules_config::{Preset, Rules};

    use super::HouseRules;

    /// Every preset, and a rules file that changes every option a replay applies.
    fn rules_sets() -> Vec<(String, Rules)> {
        let mut sets: Vec<(String, Rules)> = Preset::ALL
            .iter()
            .map(|p| (p.name().to_string(), p.rules().expect("a valid preset")))
            .collect();
        let file = "extends = \"online-cash\"\n\
                    [betting]\n\
                    max-bets-per-round = 5\n\
                    cap-lifted-heads-up = true\n\
                    reraise-must-double = true\n\
                    time-out-all-in-protection = true\n";
        sets.push((
            "house.toml".to_string(),
            Rules::from_toml_str(file).expect("valid rules"),
        ));
        sets
    }

    #[test]
    fn r1_a_rules_sets_house_rules_are_those_of_its_hand_config() {
        for (name, rules) in rules_sets() {
            let house = HouseRules::from_rules(&name, &rules);
            let config = rules.hand_config(0).expect("a validated rules set");
            assert_eq!(house, HouseRules::of_config(&name, &config), "{name}");
            // What a replay plays: the history's stakes with the house options.
            let stakes = HandConfig::no_limit(Chips(2)).with_blinds(Chips(1), Chips(2));
            let replayed = house.apply_to(stakes);
            assert_eq!(
                HouseRules::of_config(&name, &replayed),
                house,
                "{name}: every option reaches the replay's config"
            );
            assert_eq!(replayed.big_blind, stakes.big_blind, "{name}: stakes kept");
            assert_eq!(
                replayed.structure, stakes.structure,
                "{name}: structure kept"
            );
        }
    }

    #[test]
    fn r1_a_rules_files_options_reach_its_house_rules() {
        // The test above cannot pass by every set giving the standard rules.
        let sets = rules_sets();
        let (_, file) = sets.last().expect("the rules file");
        let house = HouseRules::from_rules("house.toml", file);
        assert_eq!(house.max_bets_per_round, 5);
        assert!(house.cap_lifted_heads_up);
        assert!(house.reraise_must_double);
        assert!(house.time_out_all_in_protection);
        let cash = Rules::preset("online-cash").expect("a preset");
        assert!(!house.same_options(&HouseRules::from_rules("online-cash", &cash)));
        assert!(!house.same_options(&HouseRules::standard()));
    }
}
