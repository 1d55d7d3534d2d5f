//===- Json.cpp - Minimal conforming JSON parser
//----------------------------===//

#include "Json.h"

#include "Bytes.h"

#include <cctype>
#include <unordered_set>

namespace sluice::runtime::archive::detail {

namespace {

using ull = unsigned long long;

class Parser {
public:
  Parser(std::string_view text, int maxDepth) : s_(text), maxDepth_(maxDepth) {}

  Expected<JsonValue> run() {
    JsonValue value;
    skipSpace();
    SLUICE_RETURN_IF_ERROR(parseValue(value, 0));
    skipSpace();
    if (pos_ != s_.size())
      return error("unexpected trailing characters");
    return value;
  }

private:
  Status error(const char *what) {
    return makeStatus(StatusCode::InvalidArgument,
                      "invalid JSON in safetensors header at byte %llu: %s",
                      (ull)pos_, what);
  }
  void skipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' ||
                                s_[pos_] == '\n' || s_[pos_] == '\r'))
      ++pos_;
  }
  bool consume(std::string_view literal) {
    if (s_.substr(pos_, literal.size()) != literal)
      return false;
    pos_ += literal.size();
    return true;
  }

  Status parseValue(JsonValue &out, int depth) {
    if (pos_ >= s_.size())
      return error("unexpected end of input");
    char c = s_[pos_];
    switch (c) {
    case '{':
      return parseObject(out, depth);
    case '[':
      return parseArray(out, depth);
    case '"':
      out.kind = JsonValue::Kind::String;
      return parseString(out.text);
    case 't':
      if (!consume("true"))
        return error("invalid literal");
      out.kind = JsonValue::Kind::Bool;
      out.boolean = true;
      return Status();
    case 'f':
      if (!consume("false"))
        return error("invalid literal");
      out.kind = JsonValue::Kind::Bool;
      return Status();
    case 'n':
      if (!consume("null"))
        return error("invalid literal");
      out.kind = JsonValue::Kind::Null;
      return Status();
    default:
      if (c == '-' || (c >= '0' && c <= '9'))
        return parseNumber(out);
      return error("unexpected character");
    }
  }

  Status parseObject(JsonValue &out, int depth) {
    if (depth >= maxDepth_)
      return error("nesting too deep");
    out.kind = JsonValue::Kind::Object;
    ++pos_; // '{'
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      return Status();
    }
    std::unordered_set<std::string> seen;
    while (true) {
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != '"')
        return error("expected a member name");
      std::string name;
      SLUICE_RETURN_IF_ERROR(parseString(name));
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != ':')
        return error("expected ':'");
      ++pos_;
      skipSpace();
      JsonValue value;
      SLUICE_RETURN_IF_ERROR(parseValue(value, depth + 1));
      if (!seen.insert(name).second)
        return depth == 0
                   ? Status(StatusCode::InvalidArgument,
                            "duplicate tensor name '" + printable(name) +
                                "' in safetensors header")
                   : Status(StatusCode::InvalidArgument,
                            "duplicate member '" + printable(name) +
                                "' in a JSON object of the safetensors header");
      out.memberNames.push_back(std::move(name));
      out.memberValues.push_back(std::move(value));
      skipSpace();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        return Status();
      }
      return error("expected ',' or '}'");
    }
  }

  Status parseArray(JsonValue &out, int depth) {
    if (depth >= maxDepth_)
      return error("nesting too deep");
    out.kind = JsonValue::Kind::Array;
    ++pos_; // '['
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      return Status();
    }
    while (true) {
      skipSpace();
      JsonValue value;
      SLUICE_RETURN_IF_ERROR(parseValue(value, depth + 1));
      out.items.push_back(std::move(value));
      skipSpace();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == ']') {
        ++pos_;
        return Status();
      }
      return error("expected ',' or ']'");
    }
  }

  Status parseNumber(JsonValue &out) {
    size_t start = pos_;
    bool negative = false;
    if (s_[pos_] == '-') {
      negative = true;
      ++pos_;
    }
    if (pos_ >= s_.size() || !isdigit((unsigned char)s_[pos_]))
      return error("invalid number");
    bool integer = true;
    if (s_[pos_] == '0') {
      ++pos_;
    } else {
      while (pos_ < s_.size() && isdigit((unsigned char)s_[pos_]))
        ++pos_;
    }
    size_t intEnd = pos_;
    if (pos_ < s_.size() && s_[pos_] == '.') {
      integer = false;
      ++pos_;
      if (pos_ >= s_.size() || !isdigit((unsigned char)s_[pos_]))
        return error("invalid number fraction");
      while (pos_ < s_.size() && isdigit((unsigned char)s_[pos_]))
        ++pos_;
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      integer = false;
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-'))
        ++pos_;
      if (pos_ >= s_.size() || !isdigit((unsigned char)s_[pos_]))
        return error("invalid number exponent");
      while (pos_ < s_.size() && isdigit((unsigned char)s_[pos_]))
        ++pos_;
    }
    out.kind = JsonValue::Kind::Number;
    out.text.assign(s_.substr(start, pos_ - start));
    if (integer && !negative) {
      uint64_t v = 0;
      bool fits = true;
      for (size_t i = start; i < intEnd && fits; ++i)
        fits = !__builtin_mul_overflow(v, 10, &v) &&
               !__builtin_add_overflow(v, (uint64_t)(s_[i] - '0'), &v);
      out.isU64 = fits;
      out.u64 = fits ? v : 0;
    } else if (integer && negative && out.text == "-0") {
      out.isU64 = true;
      out.u64 = 0;
    }
    return Status();
  }

  static void appendUtf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
      out.push_back((char)cp);
    } else if (cp < 0x800) {
      out.push_back((char)(0xC0 | (cp >> 6)));
      out.push_back((char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back((char)(0xE0 | (cp >> 12)));
      out.push_back((char)(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back((char)(0x80 | (cp & 0x3F)));
    } else {
      out.push_back((char)(0xF0 | (cp >> 18)));
      out.push_back((char)(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back((char)(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back((char)(0x80 | (cp & 0x3F)));
    }
  }

  bool hex4(uint32_t &out) {
    if (s_.size() - pos_ < 4)
      return false;
    out = 0;
    for (int i = 0; i < 4; ++i) {
      char c = s_[pos_ + i];
      uint32_t d;
      if (c >= '0' && c <= '9')
        d = (uint32_t)(c - '0');
      else if (c >= 'a' && c <= 'f')
        d = (uint32_t)(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        d = (uint32_t)(c - 'A' + 10);
      else
        return false;
      out = out * 16 + d;
    }
    pos_ += 4;
    return true;
  }

  /// Validates one UTF-8 sequence starting at pos_ and appends it.
  Status copyUtf8(std::string &out) {
    unsigned char c = (unsigned char)s_[pos_];
    size_t n;
    uint32_t cp;
    if (c < 0x80) {
      out.push_back((char)c);
      ++pos_;
      return Status();
    }
    if ((c & 0xE0) == 0xC0) {
      n = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 4;
      cp = c & 0x07;
    } else
      return error("invalid UTF-8");
    if (s_.size() - pos_ < n)
      return error("truncated UTF-8 sequence");
    for (size_t i = 1; i < n; ++i) {
      unsigned char cc = (unsigned char)s_[pos_ + i];
      if ((cc & 0xC0) != 0x80)
        return error("invalid UTF-8");
      cp = (cp << 6) | (cc & 0x3F);
    }
    static const uint32_t minimum[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < minimum[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return error("invalid UTF-8 (overlong, surrogate or out of range)");
    out.append(s_.substr(pos_, n));
    pos_ += n;
    return Status();
  }

  Status parseString(std::string &out) {
    ++pos_; // opening quote
    while (true) {
      if (pos_ >= s_.size())
        return error("unterminated string");
      unsigned char c = (unsigned char)s_[pos_];
      if (c == '"') {
        ++pos_;
        return Status();
      }
      if (c < 0x20)
        return error("control character in string");
      if (c != '\\') {
        SLUICE_RETURN_IF_ERROR(copyUtf8(out));
        continue;
      }
      ++pos_;
      if (pos_ >= s_.size())
        return error("unterminated escape");
      char e = s_[pos_++];
      switch (e) {
      case '"':
        out.push_back('"');
        break;
      case '\\':
        out.push_back('\\');
        break;
      case '/':
        out.push_back('/');
        break;
      case 'b':
        out.push_back('\b');
        break;
      case 'f':
        out.push_back('\f');
        break;
      case 'n':
        out.push_back('\n');
        break;
      case 'r':
        out.push_back('\r');
        break;
      case 't':
        out.push_back('\t');
        break;
      case 'u': {
        uint32_t cp;
        if (!hex4(cp))
          return error("invalid \\u escape");
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          uint32_t low;
          if (!consume("\\u") || !hex4(low) || low < 0xDC00 || low > 0xDFFF)
            return error("unpaired surrogate in \\u escape");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
          return error("unpaired surrogate in \\u escape");
        }
        appendUtf8(out, cp);
        break;
      }
      default:
        return error("invalid escape");
      }
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
  int maxDepth_;
};

} // namespace

Expected<JsonValue> parseJson(std::string_view text, int maxDepth) {
  return Parser(text, maxDepth).run();
}

} // namespace sluice::runtime::archive::detail
