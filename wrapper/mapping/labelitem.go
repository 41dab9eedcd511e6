package mapping

// LabelItems turns byLabelItem on (a switch for the tests).
var LabelItems = true
