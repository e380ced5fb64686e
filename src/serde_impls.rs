//! `serde` for the types users store (feature `serde`): each as the text
//! the library prints and reads, so JSON stays readable and round-trips.
//!
//! | type | as |
//! |---|---|
//! | [`Tile`] | `"5p"` |
//! | [`Hand`] | `"123m456p*"` (canonical `mpsz`) |
//! | [`TileSet`] | `["1m", "4m"]` |
//! | [`Form`] | `"seven-pairs"` |
//! | [`Forms`] | `["standard", "seven-pairs"]` |
//! | [`Group`] | `"1*3s:123s"` |
//! | [`Split`] | `{"form": "standard", "groups": ["123m", ...]}` |

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::form::{Form, Forms};
use crate::group::{Group, Split};
use crate::hand::Hand;
use crate::tile::{Tile, TileSet};

/// Serialises `value` as its `Display` text.
fn as_text<S: Serializer, T: fmt::Display>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Reads a value from text with its `FromStr`.
fn from_text<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
    text.parse().map_err(de::Error::custom)
}

macro_rules! text_serde {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                as_text(self, s)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                from_text(d)
            }
        }
    )*};
}

text_serde!(Tile, Hand, Group);

impl FromStr for Form {
    type Err = String;

    fn from_str(name: &str) -> Result<Form, String> {
        Form::from_name(name).ok_or_else(|| format!("{name:?} is not a form"))
    }
}

text_serde!(Form);

/// A sequence of elements, each as text.
fn seq<S: Serializer, T: Serialize>(
    items: impl Iterator<Item = T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut out = s.serialize_seq(None)?;
    for item in items {
        out.serialize_element(&item)?;
    }
    out.end()
}

struct SeqOf<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for SeqOf<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::new();
        // Sets hold at most 34 kinds: a longer list is refused, not grown.
        while let Some(item) = a.next_element()? {
            if out.len() == 64 {
                return Err(de::Error::custom("more than 64 elements"));
            }
            out.push(item);
        }
        Ok(out)
    }
}

impl Serialize for TileSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        seq(self.iter(), s)
    }
}

impl<'de> Deserialize<'de> for TileSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TileSet, D::Error> {
        Ok(d.deserialize_seq(SeqOf::<Tile>(Default::default()))?
            .into_iter()
            .collect())
    }
}

impl Serialize for Forms {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        seq(self.iter(), s)
    }
}

impl<'de> Deserialize<'de> for Forms {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Forms, D::Error> {
        Ok(d.deserialize_seq(SeqOf::<Form>(Default::default()))?
            .into_iter()
            .collect())
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Split", deny_unknown_fields)]
struct SplitFields {
    form: Form,
    groups: Vec<Group>,
}

impl Serialize for Split {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SplitFields {
            form: self.form,
            groups: self.groups.clone(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Split {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Split, D::Error> {
        let f = SplitFields::deserialize(d)?;
        Ok(Split::new(f.form, f.groups))
    }
}
