package dictionaries

import (
	"encoding/binary"
	"hash/crc32"
)

func le32(v uint32) []byte  { return binary.LittleEndian.AppendUint32(nil, v) }
func le64(v uint64) []byte  { return binary.LittleEndian.AppendUint64(nil, v) }
func crcOf(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }
