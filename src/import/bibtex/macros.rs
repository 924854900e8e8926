//! The file's `@string` macros, read and expanded once per file and shared by every entry.
//!
//! A hostile file cannot make this expensive: resolution is an explicit stack (no recursion, so
//! a chain of 100,000 macros cannot overflow anything), a macro that refers back to itself,
//! directly or through others, is an error on its line instead of a loop, and expansion is
//! capped per value ([`MAX_VALUE`]) and for the whole file ([`Budget`]), so a few hundred bytes of
//! doubling macros ("billion laughs") stop at the cap instead of taking gigabytes.
//!
//! Which definition a name means: the last one before the place that uses it, as BibTeX reads;
//! failing that, the first one after it (BibTeX would call the name undefined, but the intent is
//! plain). A name with no definition anywhere is a month (`jan` … `dec`, left for the parser)
//! or a bare word: a warning, and the word itself is the text, as BibTeX does.

use std::collections::HashMap;

use biblatex::{RawBibliography, RawChunk};

use super::Stop;

/// The longest value a field or macro may expand to.
pub const MAX_VALUE: usize = 64 * 1024;

/// What expansion the whole file may cost: ten times its size, at least 1 MB (so a short file
/// with long venue names is never refused), at most 50 MB.
pub struct Budget {
    left: usize,
}

impl Budget {
    pub fn for_file(len: usize) -> Self {
        Budget { left: (len.saturating_mul(10)).clamp(1024 * 1024, 50 * 1024 * 1024) }
    }

    pub(super) fn spend(&mut self, bytes: usize) -> Result<(), String> {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err("The file's @string macros expand to far more text than the file holds: it is not read further".to_owned()),
        }
    }
}

/// One `@string` definition.
struct Definition {
    /// Lower case: BibTeX's macro names ignore case.
    name: String,
    line: usize,
    parts: Vec<Part>,
    state: State,
}

enum Part {
    Text(String),
    Name(String),
}

enum State {
    Pending,
    /// On the resolution stack right now: meeting it again is a cycle.
    Resolving,
    Done(String),
    Failed(String),
}

/// What a name used at some place of the file stands for.
pub enum Meaning<'a> {
    /// The expanded text of a definition.
    Text(&'a str),
    /// A definition that cannot be expanded, and why.
    Failed(String),
    /// A month abbreviation nobody redefined: the parser knows it.
    Month,
    /// No definition anywhere: the word is kept as text, with a warning.
    Undefined,
}

#[derive(Default)]
pub struct Macros {
    definitions: Vec<Definition>,
    /// Each name's definitions, in file order.
    by_name: HashMap<String, Vec<usize>>,
}

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

impl Macros {
    /// How many definitions came before a place of the file: what an entry there can see.
    pub fn position(&self) -> usize {
        self.definitions.len()
    }

    /// Adds the definitions of one `@string` block (its text after the parser's own
    /// preprocessing). A block the parser cannot read defines nothing; entries using its name
    /// get the undefined-word warning.
    pub fn define(&mut self, block: &str, line: usize) {
        let Ok(raw) = RawBibliography::parse(block) else { return };
        for pair in raw.abbreviations {
            let name = pair.key.v.to_lowercase();
            let parts = pair
                .value
                .v
                .iter()
                .map(|chunk| match chunk.v {
                    RawChunk::Normal(text) => Part::Text(text.to_owned()),
                    RawChunk::Abbreviation(name) => Part::Name(name.to_lowercase()),
                })
                .collect();
            self.by_name.entry(name.clone()).or_default().push(self.definitions.len());
            self.definitions.push(Definition { name, line, parts, state: State::Pending });
        }
    }

    /// The definition `name` means at `position` (see the module's rule).
    fn target(&self, name: &str, position: usize) -> Option<usize> {
        let list = self.by_name.get(name)?;
        let after = list.partition_point(|&i| i < position);
        if after > 0 { Some(list[after - 1]) } else { list.get(after).copied() }
    }

    /// Expands every definition, each once. `stop` is asked now and then whether the request
    /// still wants the answer.
    pub fn resolve(&mut self, budget: &mut Budget, stop: &Stop) -> Result<(), super::Stopped> {
        for root in 0..self.definitions.len() {
            if matches!(self.definitions[root].state, State::Pending) {
                stop.check()?;
                self.resolve_from(root, budget);
            }
        }
        Ok(())
    }

    /// Depth-first from `root` with an explicit stack of (definition, next part to look at).
    fn resolve_from(&mut self, root: usize, budget: &mut Budget) {
        enum Step {
            Descend(usize),
            Cycle(usize),
            Expand,
        }
        self.definitions[root].state = State::Resolving;
        let mut stack = vec![(root, 0usize)];
        while let Some(&(current, mut next)) = stack.last() {
            if !matches!(self.definitions[current].state, State::Resolving) {
                // Failed as part of a cycle found further up.
                stack.pop();
                continue;
            }
            // The next name this definition uses whose definition is not expanded yet.
            let parts = &self.definitions[current].parts;
            let mut step = Step::Expand;
            while next < parts.len() {
                if let Part::Name(name) = &parts[next] {
                    match self.target(name, current).map(|t| (t, &self.definitions[t].state)) {
                        Some((target, State::Pending)) => {
                            step = Step::Descend(target);
                            break;
                        }
                        Some((target, State::Resolving)) => {
                            step = Step::Cycle(target);
                            break;
                        }
                        _ => {}
                    }
                }
                next += 1;
            }
            if let Some(frame) = stack.last_mut() {
                frame.1 = next;
            }
            match step {
                Step::Descend(target) => {
                    self.definitions[target].state = State::Resolving;
                    stack.push((target, 0));
                }
                // `current` is in the cycle: the next turn pops it and the others.
                Step::Cycle(target) => self.fail_cycle(&stack, target),
                Step::Expand => {
                    self.definitions[current].state = self.expand(current, budget);
                    stack.pop();
                }
            }
        }
    }

    /// Marks every definition on the stack from `target` up as part of a cycle.
    fn fail_cycle(&mut self, stack: &[(usize, usize)], target: usize) {
        let from = stack.iter().position(|&(i, _)| i == target).unwrap_or(0);
        let members: Vec<usize> = stack[from..].iter().map(|&(i, _)| i).collect();
        let reason = if members.len() == 1 {
            let d = &self.definitions[members[0]];
            format!("The @string macro {} (line {}) refers to itself", d.name, d.line)
        } else {
            let names: Vec<String> =
                members.iter().map(|&i| format!("{} (line {})", self.definitions[i].name, self.definitions[i].line)).collect();
            format!("The @string macros {} refer to each other", names.join(", "))
        };
        for i in members {
            self.definitions[i].state = State::Failed(reason.clone());
        }
    }

    /// A definition's text from its parts, whose definitions are all expanded by now.
    fn expand(&self, index: usize, budget: &mut Budget) -> State {
        let definition = &self.definitions[index];
        let mut text = String::new();
        for part in &definition.parts {
            let piece = match part {
                Part::Text(t) => t.as_str(),
                Part::Name(name) => match self.meaning(name, index) {
                    Meaning::Text(t) => t,
                    Meaning::Failed(reason) => return State::Failed(reason),
                    // A month or an unknown word inside a macro: the word itself.
                    Meaning::Month | Meaning::Undefined => name.as_str(),
                },
            };
            if text.len() + piece.len() > MAX_VALUE {
                return State::Failed(format!(
                    "The @string macro {} (line {}) expands to more than {} KB",
                    definition.name,
                    definition.line,
                    MAX_VALUE / 1024
                ));
            }
            if let Err(reason) = budget.spend(piece.len()) {
                return State::Failed(reason);
            }
            text.push_str(piece);
        }
        State::Done(text)
    }

    /// What `name` stands for at `position` (a definition's index, or [`Macros::position`] for
    /// an entry).
    pub fn meaning(&self, name: &str, position: usize) -> Meaning<'_> {
        let name_lower;
        let name = if name.bytes().any(|b| b.is_ascii_uppercase()) {
            name_lower = name.to_lowercase();
            name_lower.as_str()
        } else {
            name
        };
        match self.target(name, position) {
            Some(target) => match &self.definitions[target].state {
                State::Done(text) => Meaning::Text(text),
                State::Failed(reason) => Meaning::Failed(reason.clone()),
                // Only while resolving, and then `resolve_from` handles it before asking.
                State::Pending | State::Resolving => Meaning::Failed("A macro could not be expanded".to_owned()),
            },
            None if MONTHS.contains(&name) => Meaning::Month,
            None => Meaning::Undefined,
        }
    }
}
