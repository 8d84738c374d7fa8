//! `#[arts_core::message]`: turns an enum (or struct) into a chare's message
//! type. It adds serde's derives (so messages can cross processes and be
//! traced) and implements `arts_core::Message`:
//!
//! - `entry_name`: the variant's name in snake case (`Ghost { .. }` →
//!   `"ghost"`), which traces and error messages show;
//! - `size`: the message's bytes for the communication graph, computed from
//!   its fields without serializing (`arts_core::WireSize` where a field's
//!   type has it, its serialized size otherwise).
//!
//! Use it through `arts_core`, which re-exports it.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::{format_ident, quote};
use syn::{Data, DeriveInput, Fields, parse_macro_input};

/// Makes an enum or struct a chare message: serde derives plus an
/// `arts_core::Message` impl with entry names and sizes.
#[proc_macro_attribute]
pub fn message(attr: TokenStream, item: TokenStream) -> TokenStream {
    if !attr.is_empty() {
        let err = syn::Error::new(
            proc_macro2::Span::call_site(),
            "#[message] takes no arguments",
        );
        return err.to_compile_error().into();
    }
    let input = parse_macro_input!(item as DeriveInput);
    match expand(&input) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn expand(input: &DeriveInput) -> syn::Result<Tokens> {
    let name = &input.ident;
    let (impl_g, ty_g, where_g) = input.generics.split_for_impl();
    let (entry, size) = match &input.data {
        Data::Enum(e) => {
            let mut entry_arms = Vec::new();
            let mut size_arms = Vec::new();
            for v in &e.variants {
                let vname = &v.ident;
                let label = snake_case(&vname.to_string());
                let (pattern, bindings) = bind(&v.fields);
                entry_arms.push(quote! { Self::#vname #pattern => #label });
                let sizes = bindings.iter().map(field_size);
                size_arms.push(quote! { Self::#vname #pattern => 1 #(+ #sizes)* });
            }
            if entry_arms.is_empty() {
                return Err(syn::Error::new_spanned(
                    name,
                    "a message enum needs at least one variant",
                ));
            }
            (
                quote! { match self { #(#entry_arms,)* } },
                quote! { match self { #(#size_arms,)* } },
            )
        }
        Data::Struct(s) => {
            let label = snake_case(&name.to_string());
            let (pattern, bindings) = bind(&s.fields);
            let sizes = bindings.iter().map(field_size);
            (
                quote! { #label },
                quote! { let Self #pattern = self; 0 #(+ #sizes)* },
            )
        }
        Data::Union(_) => {
            return Err(syn::Error::new_spanned(
                name,
                "#[message] works on enums and structs",
            ));
        }
    };
    Ok(quote! {
        #[derive(::arts_core::__private::serde::Serialize, ::arts_core::__private::serde::Deserialize)]
        #[serde(crate = "::arts_core::__private::serde")]
        #input

        impl #impl_g ::arts_core::Message for #name #ty_g #where_g {
            #[allow(unused_variables)]
            fn entry_name(&self) -> &'static str {
                #entry
            }
            #[allow(unused_variables)]
            fn size(&self) -> usize {
                #[allow(unused_imports)]
                use ::arts_core::__private::{BySerde as _, ByWireSize as _};
                #size
            }
        }
    })
}

/// A pattern binding every field of `fields` (`{ a, b }`, `(f0, f1)` or
/// nothing) and the bound names.
fn bind(fields: &Fields) -> (Tokens, Vec<syn::Ident>) {
    match fields {
        Fields::Named(f) => {
            let names: Vec<_> = f.named.iter().filter_map(|f| f.ident.clone()).collect();
            (quote! { { #(#names),* } }, names)
        }
        Fields::Unnamed(f) => {
            let names: Vec<_> = (0..f.unnamed.len())
                .map(|i| format_ident!("f{i}"))
                .collect();
            (quote! { ( #(#names),* ) }, names)
        }
        Fields::Unit => (Tokens::new(), Vec::new()),
    }
}

/// The size of one bound field: `WireSize` when its type has it (autoref
/// picks that impl first), else its serialized size.
fn field_size(binding: &syn::Ident) -> Tokens {
    quote! { (&&::arts_core::__private::Sized(#binding)).bytes() }
}

/// `GhostRow` → `ghost_row`.
fn snake_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    for (i, c) in s.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn variant_names_become_snake_case() {
        assert_eq!(snake_case("Ghost"), "ghost");
        assert_eq!(snake_case("GhostRow"), "ghost_row");
        assert_eq!(snake_case("ResumeFromSync"), "resume_from_sync");
    }
}
