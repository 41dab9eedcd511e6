package mapping

// OtherRecordRows turns otherRecordRow on (a switch for the tests).
var OtherRecordRows = true
