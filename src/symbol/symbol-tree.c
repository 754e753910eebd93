// SPDX-License-Identifier: GPL-2.0-only
/*
 * symbol-tree.c: a red-black tree of symbols that has, node for node, the
 * shape perf's tree has after the same inserts and erasures. perf finds
 * the symbol of an address by walking its tree and returning the first
 * node that contains the address; when symbols overlap (PLT entries under
 * a zero-size _init stretched over .plt, labels inside functions) the
 * answer depends on that shape, so prof builds the same shape. The
 * balancing follows the classic red-black rules in the case order of the
 * kernel's lib/rbtree.c, which perf uses.
 */
#include "prof/compat.h"
#include "prof/symbol.h"

static inline bool is_red(const struct symbol *n)
{
	return n && !n->rb_black;
}

/* Replace @old by @new as the child of @parent (or as the root). */
static void change_child(struct symbols *s, struct symbol *old, struct symbol *new,
			 struct symbol *parent)
{
	if (!parent)
		s->root = new;
	else if (parent->rb_left == old)
		parent->rb_left = new;
	else
		parent->rb_right = new;
}

/* @new takes @old's place, parent and colour; @old becomes its child with @black. */
static void rotate_set_parents(struct symbols *s, struct symbol *old, struct symbol *new,
			       bool black)
{
	struct symbol *parent = old->rb_parent;

	new->rb_parent = parent;
	new->rb_black = old->rb_black;
	old->rb_parent = new;
	old->rb_black = black;
	change_child(s, old, new, parent);
}

static void insert_fixup(struct symbols *s, struct symbol *node)
{
	struct symbol *parent = node->rb_parent, *gparent, *tmp;

	for (;;) {
		if (!parent) {
			node->rb_parent = NULL;
			node->rb_black = true;
			break;
		}
		if (parent->rb_black)
			break;
		gparent = parent->rb_parent;
		tmp = gparent->rb_right;
		if (parent != tmp) {
			if (is_red(tmp)) {
				/* Uncle red: recolour and move up. */
				tmp->rb_black = true;
				parent->rb_black = true;
				node = gparent;
				parent = node->rb_parent;
				node->rb_black = false;
				continue;
			}
			tmp = parent->rb_right;
			if (node == tmp) {
				/* Left rotate at parent. */
				tmp = node->rb_left;
				parent->rb_right = tmp;
				node->rb_left = parent;
				if (tmp) {
					tmp->rb_parent = parent;
					tmp->rb_black = true;
				}
				parent->rb_parent = node;
				parent->rb_black = false;
				parent = node;
				tmp = node->rb_right;
			}
			/* Right rotate at grandparent. */
			gparent->rb_left = tmp;
			parent->rb_right = gparent;
			if (tmp) {
				tmp->rb_parent = gparent;
				tmp->rb_black = true;
			}
			rotate_set_parents(s, gparent, parent, false);
			break;
		} else {
			tmp = gparent->rb_left;
			if (is_red(tmp)) {
				tmp->rb_black = true;
				parent->rb_black = true;
				node = gparent;
				parent = node->rb_parent;
				node->rb_black = false;
				continue;
			}
			tmp = parent->rb_left;
			if (node == tmp) {
				tmp = node->rb_right;
				parent->rb_left = tmp;
				node->rb_right = parent;
				if (tmp) {
					tmp->rb_parent = parent;
					tmp->rb_black = true;
				}
				parent->rb_parent = node;
				parent->rb_black = false;
				parent = node;
				tmp = node->rb_left;
			}
			gparent->rb_right = tmp;
			parent->rb_left = gparent;
			if (tmp) {
				tmp->rb_parent = gparent;
				tmp->rb_black = true;
			}
			rotate_set_parents(s, gparent, parent, false);
			break;
		}
	}
}

void symbols__tree_insert(struct symbols *s, struct symbol *sym)
{
	struct symbol **p = &s->root, *parent = NULL;

	/* perf: smaller starts go left, equal and larger go right. */
	while (*p) {
		parent = *p;
		p = sym->start < parent->start ? &parent->rb_left : &parent->rb_right;
	}
	sym->rb_left = sym->rb_right = NULL;
	sym->rb_parent = parent;
	sym->rb_black = false;
	*p = sym;
	insert_fixup(s, sym);
}

static void erase_fixup(struct symbols *s, struct symbol *parent)
{
	struct symbol *node = NULL, *sibling, *tmp1, *tmp2;

	for (;;) {
		sibling = parent->rb_right;
		if (node != sibling) {
			if (is_red(sibling)) {
				/* Left rotate at parent. */
				tmp1 = sibling->rb_left;
				parent->rb_right = tmp1;
				sibling->rb_left = parent;
				tmp1->rb_parent = parent;
				tmp1->rb_black = true;
				rotate_set_parents(s, parent, sibling, false);
				sibling = tmp1;
			}
			tmp1 = sibling->rb_right;
			if (!is_red(tmp1)) {
				tmp2 = sibling->rb_left;
				if (!is_red(tmp2)) {
					/* Sibling colour flip. */
					sibling->rb_parent = parent;
					sibling->rb_black = false;
					if (!parent->rb_black) {
						parent->rb_black = true;
					} else {
						node = parent;
						parent = node->rb_parent;
						if (parent)
							continue;
					}
					break;
				}
				/* Right rotate at sibling. */
				tmp1 = tmp2->rb_right;
				sibling->rb_left = tmp1;
				tmp2->rb_right = sibling;
				parent->rb_right = tmp2;
				if (tmp1) {
					tmp1->rb_parent = sibling;
					tmp1->rb_black = true;
				}
				tmp1 = sibling;
				sibling = tmp2;
			}
			/* Left rotate at parent and recolour. */
			tmp2 = sibling->rb_left;
			parent->rb_right = tmp2;
			sibling->rb_left = parent;
			tmp1->rb_parent = sibling;
			tmp1->rb_black = true;
			if (tmp2)
				tmp2->rb_parent = parent;
			rotate_set_parents(s, parent, sibling, true);
			break;
		} else {
			sibling = parent->rb_left;
			if (is_red(sibling)) {
				tmp1 = sibling->rb_right;
				parent->rb_left = tmp1;
				sibling->rb_right = parent;
				tmp1->rb_parent = parent;
				tmp1->rb_black = true;
				rotate_set_parents(s, parent, sibling, false);
				sibling = tmp1;
			}
			tmp1 = sibling->rb_left;
			if (!is_red(tmp1)) {
				tmp2 = sibling->rb_right;
				if (!is_red(tmp2)) {
					sibling->rb_parent = parent;
					sibling->rb_black = false;
					if (!parent->rb_black) {
						parent->rb_black = true;
					} else {
						node = parent;
						parent = node->rb_parent;
						if (parent)
							continue;
					}
					break;
				}
				tmp1 = tmp2->rb_left;
				sibling->rb_right = tmp1;
				tmp2->rb_left = sibling;
				parent->rb_left = tmp2;
				if (tmp1) {
					tmp1->rb_parent = sibling;
					tmp1->rb_black = true;
				}
				tmp1 = sibling;
				sibling = tmp2;
			}
			tmp2 = sibling->rb_right;
			parent->rb_left = tmp2;
			sibling->rb_right = parent;
			tmp1->rb_parent = sibling;
			tmp1->rb_black = true;
			if (tmp2)
				tmp2->rb_parent = parent;
			rotate_set_parents(s, parent, sibling, true);
			break;
		}
	}
}

void symbols__tree_erase(struct symbols *s, struct symbol *node)
{
	struct symbol *child = node->rb_right, *tmp = node->rb_left;
	struct symbol *parent, *rebalance;

	if (!tmp) {
		/* At most one (right) child: it takes node's place and colour. */
		parent = node->rb_parent;
		change_child(s, node, child, parent);
		if (child) {
			child->rb_parent = parent;
			child->rb_black = node->rb_black;
			rebalance = NULL;
		} else {
			rebalance = node->rb_black ? parent : NULL;
		}
	} else if (!child) {
		parent = node->rb_parent;
		tmp->rb_parent = parent;
		tmp->rb_black = node->rb_black;
		change_child(s, node, tmp, parent);
		rebalance = NULL;
	} else {
		struct symbol *successor = child, *child2;

		tmp = child->rb_left;
		if (!tmp) {
			/* The successor is the right child. */
			parent = successor;
			child2 = successor->rb_right;
		} else {
			/* The successor is the leftmost node under the right child. */
			do {
				parent = successor;
				successor = tmp;
				tmp = tmp->rb_left;
			} while (tmp);
			child2 = successor->rb_right;
			parent->rb_left = child2;
			successor->rb_right = child;
			child->rb_parent = successor;
		}
		tmp = node->rb_left;
		successor->rb_left = tmp;
		tmp->rb_parent = successor;
		change_child(s, node, successor, node->rb_parent);
		if (child2) {
			child2->rb_parent = parent;
			child2->rb_black = true;
			rebalance = NULL;
		} else {
			rebalance = successor->rb_black ? parent : NULL;
		}
		successor->rb_parent = node->rb_parent;
		successor->rb_black = node->rb_black;
	}
	node->rb_left = node->rb_right = node->rb_parent = NULL;
	if (rebalance)
		erase_fixup(s, rebalance);
}

/* perf's symbols__find: the first node on the path that contains @ip. */
struct symbol *symbols__tree_find(const struct symbols *s, u64 ip)
{
	struct symbol *n = s->root;

	while (n) {
		if (ip < n->start)
			n = n->rb_left;
		else if (ip > n->end || (ip == n->end && ip != n->start))
			n = n->rb_right;
		else
			return n;
	}
	return NULL;
}
