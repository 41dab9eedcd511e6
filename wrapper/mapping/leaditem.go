package mapping

// TakingLeadItems turns leadItems on (a switch for the test that shows
// what it does).
var TakingLeadItems = true
