import { NavLink } from 'react-router';

/** A link of a navigation list: where it goes and what it says. */
export interface NavItem {
  to: string;
  label: string;
}

/**
 * The items of a navigation list, a link each, for the caller's `<ul>`: the link of the page shown
 * is marked active (class `active`, aria-current) on its own path only, not on the pages below it.
 */
export function NavLinkItems({ links }: { links: NavItem[] }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end>
            {link.label}
          </NavLink>
        </li>
      ))}
    </>
  );
}
