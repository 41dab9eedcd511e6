// Package pagetest builds annotated pages for the tests of package
// wrapper and its stage packages: hand-given annotations stand in for the
// recognizers.
package pagetest
