import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';

type AnchorLinkBaseProps = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>;
const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorLinkBaseProps>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
const CreatedAnchorLink = createLink(MantineAnchor);

/** Mantine's anchor navigating with the router: typed routes, no full page load. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;

type ButtonLinkBaseProps = ButtonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonHTMLAttributes<HTMLButtonElement> | 'color'>;
const MantineButtonAnchor = forwardRef<HTMLAnchorElement, ButtonLinkBaseProps>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
const CreatedButtonLink = createLink(MantineButtonAnchor);

/** A link that looks like a button (the main action of a message). */
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedButtonLink {...props} />
);
